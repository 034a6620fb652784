/**
 * The strategy run in flight (one at a time): its state machine, progress and last error.
 * `starting` covers the gap between asking the service and getting the run id back.
 */
import { create } from 'zustand';
import type { RunProgress } from '../../shared/ipc/contract';

export type RunStatus = 'idle' | 'starting' | 'running' | 'done' | 'failed' | 'cancelled';

export interface RunState {
  status: RunStatus;
  runId: string | null;
  strategy: string | null;
  documentId: string | null;
  progress: RunProgress | null;
  error: string | null;
  starting(strategy: string, documentId: string): void;
  started(runId: string): void;
  progressed(progress: RunProgress): void;
  finished(runId: string): void;
  failed(runId: string | null, error: string): void;
  cancelled(runId: string): void;
  /** Forgets the run (another document was opened); its late events are then ignored. */
  reset(): void;
}

export const useRunStore = create<RunState>()((set, get) => {
  /** Events about another run (a stale one) must not touch this one's state. */
  const isCurrent = (runId: string | null) => runId === null || get().runId === runId;
  return {
    status: 'idle',
    runId: null,
    strategy: null,
    documentId: null,
    progress: null,
    error: null,
    starting: (strategy, documentId) =>
      set({ status: 'starting', runId: null, strategy, documentId, progress: null, error: null }),
    started: (runId) => set({ status: 'running', runId }),
    progressed: (progress) => {
      if (isCurrent(progress.runId)) set({ progress });
    },
    finished: (runId) => {
      if (isCurrent(runId)) set({ status: 'done' });
    },
    failed: (runId, error) => {
      if (isCurrent(runId)) set({ status: 'failed', error });
    },
    cancelled: (runId) => {
      if (isCurrent(runId)) set({ status: 'cancelled' });
    },
    reset: () => set({ status: 'idle', runId: null, strategy: null, documentId: null, progress: null, error: null }),
  };
});

export function isRunActive(status: RunStatus): boolean {
  return status === 'starting' || status === 'running';
}
