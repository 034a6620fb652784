import { beforeEach, describe, expect, it } from 'vitest';
import type { RunJob } from '../../../shared/ipc/contract';
import { openText } from '../../test-support/open-text';
import { resultFromCuts } from '../../test-support/results';
import { isRunActive, useSession } from './index';

const TEXT = 'One.\n\nTwo.\n\nThree.\n';

const progress = (windowsDone: number): RunJob['progress'] => ({
  windowsDone,
  windowsTotal: 4,
  tokensIn: 100,
  tokensOut: 10,
  tokensPerSecond: 50,
  etaSeconds: 3,
});

const snapshot = (runId: string, change: Partial<RunJob>): RunJob => ({
  id: runId,
  kind: 'run',
  stage: 'windows',
  documentId: 'd1',
  strategy: 'simple',
  options: {},
  status: 'running',
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: null,
  progress: null,
  result: null,
  error: null,
  ...change,
});

describe('run slice', () => {
  beforeEach(() => openText('d1', TEXT));

  it('goes starting -> running -> done and shows the result as one step', () => {
    const session = useSession.getState();
    session.runStarting('simple', 'd1', false);
    expect(isRunActive(useSession.getState().run.status)).toBe(true);
    session.runStarted('r1');
    expect(session.runUpdated(snapshot('r1', { progress: progress(2) }))).toBeNull();
    expect(useSession.getState().run).toMatchObject({ status: 'running', runId: 'r1' });
    session.runUpdated(snapshot('r1', { status: 'finished', progress: progress(4), result: resultFromCuts(TEXT, [6], 'simple') }));
    expect(useSession.getState().run).toMatchObject({ status: 'done' });
    expect(useSession.getState().current?.segmentation.boundaries).toEqual([6]);
    expect(useSession.getState().history?.present).toBe(useSession.getState().current);
    expect(isRunActive('done')).toBe(false);
  });

  it('ignores snapshots of another run', () => {
    const session = useSession.getState();
    session.runStarting('simple', 'd1', false);
    session.runStarted('r2');
    expect(session.runUpdated(snapshot('r1', { progress: progress(3) }))).toBeNull();
    session.runUpdated(snapshot('r1', { status: 'failed', error: 'old run failed' }));
    session.runUpdated(snapshot('r1', { status: 'cancelled' }));
    expect(useSession.getState().run).toMatchObject({ status: 'running', runId: 'r2', error: null });
  });

  it('records a failure with its message, and a start the service refused', () => {
    const session = useSession.getState();
    session.runStarting('simple', 'd1', false);
    session.runStarted('r3');
    expect(session.runUpdated(snapshot('r3', { status: 'failed', error: 'out of memory' }))).toEqual({ kind: 'failed', error: 'out of memory' });
    expect(useSession.getState().run).toMatchObject({ status: 'failed', error: 'out of memory' });
    session.runStarting('structural', 'd1', false);
    session.runStartFailed('no such strategy');
    expect(useSession.getState().run).toMatchObject({ status: 'failed', error: 'no such strategy' });
  });

  it('forgets the run when another document is shown', () => {
    useSession.getState().runStarting('simple', 'd1', false);
    useSession.getState().runStarted('r4');
    openText('d2', TEXT);
    expect(useSession.getState().run).toMatchObject({ status: 'idle', runId: null });
    expect(useSession.getState().runUpdated(snapshot('r4', { status: 'cancelled' }))).toBeNull();
  });
});
