/**
 * The run slice: the run in flight, as its job's latest snapshot says, plus what the renderer
 * knows before the service answers (`starting`). A finished run's result is shown (one history
 * step) by the same action that takes its snapshot. Its progress is read from the jobs slice.
 */
import type { RunJob } from '../../../shared/ipc/contract';
import { describeError } from '../../services/errors';
import type { RunNews, RunSlice, RunStatus, RunView, SessionGet, SessionSet } from './types';

export const IDLE_RUN: RunView = { status: 'idle', runId: null, strategy: null, documentId: null, error: null, keepPrevious: false };

export function isRunActive(status: RunStatus): boolean {
  return status === 'starting' || status === 'running';
}

export function createRunSlice(set: SessionSet, get: SessionGet): RunSlice {
  const update = (change: Partial<RunView>) => set({ run: { ...get().run, ...change } });

  /** A finished run's result replaces the shown one, unless it is for another text or invalid. */
  function finish(snapshot: RunJob): RunNews {
    if (snapshot.documentId !== get().documentId) {
      update({ status: 'failed', error: 'another document was opened meanwhile' });
      return null;
    }
    try {
      if (!snapshot.result) throw new Error('the run finished without a result');
      get().showResult(snapshot.result, get().run.keepPrevious);
      update({ status: 'done' });
      return null;
    } catch (err) {
      update({ status: 'failed', error: describeError(err) });
      return { kind: 'refused', error: err };
    }
  }

  return {
    run: IDLE_RUN,
    runStarting: (strategy, documentId, keepPrevious) => set({ run: { ...IDLE_RUN, status: 'starting', strategy, documentId, keepPrevious } }),
    runStarted: (runId) => update({ status: 'running', runId }),
    runStartFailed: (error) => update({ status: 'failed', error }),

    runUpdated(snapshot) {
      // Snapshots of another run (a stale one) must not touch this one's state.
      if (get().run.runId !== snapshot.id) return null;
      switch (snapshot.status) {
        case 'running':
          return null;
        case 'finished':
          return finish(snapshot);
        case 'failed': {
          const error = snapshot.error ?? 'the run failed';
          update({ status: 'failed', error });
          return { kind: 'failed', error };
        }
        case 'cancelled':
          update({ status: 'cancelled' });
          return { kind: 'cancelled' };
      }
    },
  };
}
