import { beforeEach, describe, expect, it } from 'vitest';
import type { RunProgress } from '../../shared/ipc/contract';
import { isRunActive, useRunStore } from './run';

const progress = (runId: string, windowsDone: number): RunProgress => ({
  runId,
  stage: 'windows',
  windowsDone,
  windowsTotal: 4,
  tokensIn: 100,
  tokensOut: 10,
  tokensPerSecond: 50,
  etaSeconds: 3,
});

describe('run store', () => {
  beforeEach(() => useRunStore.getState().reset());

  it('goes starting -> running -> done and keeps the progress', () => {
    const run = useRunStore.getState();
    run.starting('simple', 'd1');
    expect(isRunActive(useRunStore.getState().status)).toBe(true);
    run.started('r1');
    run.progressed(progress('r1', 2));
    expect(useRunStore.getState()).toMatchObject({ status: 'running', runId: 'r1', progress: { windowsDone: 2 } });
    run.finished('r1');
    expect(useRunStore.getState().status).toBe('done');
    expect(isRunActive('done')).toBe(false);
  });

  it('ignores events of another run', () => {
    const run = useRunStore.getState();
    run.starting('simple', 'd1');
    run.started('r2');
    run.progressed(progress('r1', 3));
    run.failed('r1', 'old run failed');
    run.cancelled('r1');
    expect(useRunStore.getState()).toMatchObject({ status: 'running', progress: null, error: null });
  });

  it('records a failure with its message', () => {
    const run = useRunStore.getState();
    run.starting('structural', 'd1');
    run.failed(null, 'no such strategy');
    expect(useRunStore.getState()).toMatchObject({ status: 'failed', error: 'no such strategy' });
  });
});
