import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunJob } from '../../shared/ipc/contract';
import { jobOf, useJobs } from '../stores/jobs';
import { openText } from '../test-support/open-text';
import { useUiStore } from '../stores/ui';
import { resultFromCuts } from '../test-support/results';
import { cancelRun, startRun } from './runs';
import { dispatchEvent } from './startup';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { replaceWorkbench } from './workbench';
import { useSession } from '../stores/session';

const TEXT = 'Alpha.\n\nBeta.\n\nGamma.\n';

const result = (cuts: number[], strategy?: string) => resultFromCuts(TEXT, cuts, strategy);

/** A job event, as the service pushes it: through the one dispatch, into the jobs slice and the run slice. */
const arrive = (job: RunJob) => dispatchEvent({ type: 'job', job });

/** The service's snapshot of run `runId` on document d1. */
const snapshot = (runId: string, change: Partial<RunJob>): RunJob => ({
  id: runId, kind: 'run', stage: 'rules', documentId: 'd1', strategy: 'structural', options: {}, status: 'running', startedAt: '2026-01-01T00:00:00.000Z', endedAt: null, progress: null, result: null, error: null,
  ...change,
});

describe('run service', () => {
  beforeEach(() => {
    openText('d1', TEXT);
    useUiStore.setState({ notices: [] });
  });
  afterEach(() => replaceWorkbench(null));

  it('applies a run that finished before its start was even answered', async () => {
    replaceWorkbench(
      scripted({
        startRun: async () => {
          // The service is fast: its events overtake the answer.
          const progress = { windowsDone: 1, windowsTotal: 1, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: 0 };
          arrive(snapshot('r1', { progress }));
          arrive(snapshot('r1', { status: 'finished', progress, result: result([8]) }));
          return { runId: 'r1' };
        },
      }),
    );
    await startRun('structural');
    expect(useSession.getState().run).toMatchObject({ status: 'done', runId: 'r1' });
    expect(jobOf(useJobs.getState(), 'r1', 'run')?.progress).toMatchObject({ windowsDone: 1 });
    expect(useSession.getState().current?.segmentation.boundaries).toEqual([8]);
  });

  it('an automatic run on opening gives way, without a notice, to one the person started', async () => {
    const started: string[] = [];
    replaceWorkbench(scripted({ startRun: async ({ strategy }) => (started.push(strategy), { runId: `r-${strategy}` }) }));
    await startRun('sentence-rules');
    await startRun('structural', { automatic: true });
    expect(started).toEqual(['sentence-rules']);
    expect(useSession.getState().run).toMatchObject({ status: 'running', runId: 'r-sentence-rules' });
    expect(useUiStore.getState().notices).toEqual([]);
    // One the person asks for while another goes is still refused out loud.
    await startRun('texttiling');
    expect(started).toEqual(['sentence-rules']);
    expect(useUiStore.getState().notices.map((n) => n.message)).toEqual(['A sentence-rules run is still going: cancel it first.']);
  });

  it('keeps the previous result when a run fails, and says why', async () => {
    useSession.getState().showResult(result([8]));
    replaceWorkbench(scripted({ startRun: async () => ({ runId: 'r2' }) }));
    await startRun('topic');
    arrive(snapshot('r2', { status: 'failed', error: 'the model file is missing' }));
    expect(useSession.getState().run).toMatchObject({ status: 'failed', error: 'the model file is missing' });
    expect(useSession.getState().current?.segmentation.boundaries).toEqual([8]);
    expect(useUiStore.getState().notices.map((n) => n.message)).toEqual(['topic failed: the model file is missing']);
  });

  it('refuses a finished result that does not cover the text, keeping the old one', async () => {
    useSession.getState().showResult(result([8]));
    replaceWorkbench(scripted({ startRun: async () => ({ runId: 'r3' }) }));
    await startRun('structural');
    const broken = { ...result([]), segmentation: { boundaries: [500], notes: [{}, {}] } };
    arrive(snapshot('r3', { status: 'finished', result: broken }));
    expect(useSession.getState().run.status).toBe('failed');
    expect(useSession.getState().current?.segmentation.boundaries).toEqual([8]);
    expect(useUiStore.getState().notices[0]?.message).toMatch(/^The structural result was refused: /);
  });

  it('reports a start the service refuses', async () => {
    replaceWorkbench(scripted({ startRun: () => Promise.reject(new Error('unknown strategy "nope"')) }));
    await startRun('nope');
    expect(useSession.getState().run).toMatchObject({ status: 'failed', error: 'unknown strategy "nope"' });
    expect(useUiStore.getState().notices[0]?.message).toBe('Could not start nope: unknown strategy "nope"');
  });

  it('cancels a run asked to stop before its id arrived', async () => {
    let answer!: (value: { runId: string }) => void;
    const cancel = vi.fn(async () => ({ cancelled: true }));
    replaceWorkbench(scripted({ startRun: () => new Promise((resolve) => (answer = resolve)), cancelJob: cancel }));
    const starting = startRun('simple');
    await cancelRun();
    expect(cancel).not.toHaveBeenCalled();
    answer({ runId: 'r4' });
    await starting;
    expect(cancel).toHaveBeenCalledWith({ id: 'r4' });
    arrive(snapshot('r4', { status: 'cancelled' }));
    expect(useSession.getState().run.status).toBe('cancelled');
  });

  it('ignores a result for a document that is no longer open', async () => {
    replaceWorkbench(scripted({ startRun: async () => ({ runId: 'r5' }) }));
    await startRun('structural');
    arrive(snapshot('r5', { status: 'finished', documentId: 'd0', result: result([8]) }));
    expect(useSession.getState().current).toBeNull();
    expect(useSession.getState().run.status).toBe('failed');
  });

  it('refuses a second run while one is going', async () => {
    const start = vi.fn(async () => ({ runId: 'r6' }));
    replaceWorkbench(scripted({ startRun: start }));
    await startRun('simple');
    await startRun('structural');
    expect(start).toHaveBeenCalledTimes(1);
    expect(useUiStore.getState().notices[0]?.message).toMatch(/still going/);
  });
});
