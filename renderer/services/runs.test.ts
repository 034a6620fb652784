import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import { useDocumentStore } from '../stores/document';
import { useRunStore } from '../stores/run';
import { useSegmentationStore } from '../stores/segmentation';
import { useUiStore } from '../stores/ui';
import { resultFromCuts } from '../test-support/results';
import { cancelRun, handleRunEvent, startRun } from './runs';
import { scriptedWorkbench as scripted } from './scripted-workbench';
import { replaceWorkbench } from './workbench';

const TEXT = 'Alpha.\n\nBeta.\n\nGamma.\n';

const result = (cuts: number[], strategy?: string) => resultFromCuts(TEXT, cuts, strategy);

const dispatch = (event: WorkbenchEvent) => handleRunEvent(event as Parameters<typeof handleRunEvent>[0]);

describe('run service', () => {
  beforeEach(() => {
    useDocumentStore.getState().setDocument({ id: 'd1', info: { name: 'doc.txt', chars: TEXT.length, sha256: 'x' }, text: TEXT, sourceFormat: 'txt' });
    useSegmentationStore.getState().resetForDocument('d1', TEXT);
    useRunStore.getState().reset();
    useUiStore.setState({ notices: [] });
  });
  afterEach(() => replaceWorkbench(null));

  it('applies a run that finished before its start was even answered', async () => {
    replaceWorkbench(
      scripted({
        startRun: async () => {
          // The service is fast: its events overtake the answer.
          dispatch({ type: 'run-progress', progress: { runId: 'r1', stage: 'rules', windowsDone: 1, windowsTotal: 1, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: 0 } });
          dispatch({ type: 'run-finished', runId: 'r1', documentId: 'd1', result: result([8]) });
          return { runId: 'r1' };
        },
      }),
    );
    await startRun('structural');
    expect(useRunStore.getState()).toMatchObject({ status: 'done', runId: 'r1', progress: { windowsDone: 1 } });
    expect(useSegmentationStore.getState().current?.segmentation.boundaries).toEqual([8]);
  });

  it('keeps the previous result when a run fails, and says why', async () => {
    useSegmentationStore.getState().setResult(result([8]));
    replaceWorkbench(scripted({ startRun: async () => ({ runId: 'r2' }) }));
    await startRun('topic');
    dispatch({ type: 'run-failed', runId: 'r2', documentId: 'd1', error: 'the model file is missing' });
    expect(useRunStore.getState()).toMatchObject({ status: 'failed', error: 'the model file is missing' });
    expect(useSegmentationStore.getState().current?.segmentation.boundaries).toEqual([8]);
    expect(useUiStore.getState().notices.map((n) => n.message)).toEqual(['topic failed: the model file is missing']);
  });

  it('refuses a finished result that does not cover the text, keeping the old one', async () => {
    useSegmentationStore.getState().setResult(result([8]));
    replaceWorkbench(scripted({ startRun: async () => ({ runId: 'r3' }) }));
    await startRun('structural');
    const broken = { ...result([]), segmentation: { boundaries: [500], notes: [{}, {}] } };
    dispatch({ type: 'run-finished', runId: 'r3', documentId: 'd1', result: broken });
    expect(useRunStore.getState().status).toBe('failed');
    expect(useSegmentationStore.getState().current?.segmentation.boundaries).toEqual([8]);
    expect(useUiStore.getState().notices[0]?.message).toMatch(/^The structural result was refused: /);
  });

  it('reports a start the service refuses', async () => {
    replaceWorkbench(scripted({ startRun: () => Promise.reject(new Error('unknown strategy "nope"')) }));
    await startRun('nope');
    expect(useRunStore.getState()).toMatchObject({ status: 'failed', error: 'unknown strategy "nope"' });
    expect(useUiStore.getState().notices[0]?.message).toBe('Could not start nope: unknown strategy "nope"');
  });

  it('cancels a run asked to stop before its id arrived', async () => {
    let answer!: (value: { runId: string }) => void;
    const cancel = vi.fn(async () => ({ cancelled: true }));
    replaceWorkbench(scripted({ startRun: () => new Promise((resolve) => (answer = resolve)), cancelRun: cancel }));
    const starting = startRun('simple');
    await cancelRun();
    expect(cancel).not.toHaveBeenCalled();
    answer({ runId: 'r4' });
    await starting;
    expect(cancel).toHaveBeenCalledWith({ runId: 'r4' });
    dispatch({ type: 'run-cancelled', runId: 'r4', documentId: 'd1' });
    expect(useRunStore.getState().status).toBe('cancelled');
  });

  it('ignores a result for a document that is no longer open', async () => {
    replaceWorkbench(scripted({ startRun: async () => ({ runId: 'r5' }) }));
    await startRun('structural');
    dispatch({ type: 'run-finished', runId: 'r5', documentId: 'd0', result: result([8]) });
    expect(useSegmentationStore.getState().current).toBeNull();
    expect(useRunStore.getState().status).toBe('failed');
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
