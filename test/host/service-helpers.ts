import type { RunRecord, WorkbenchEvent } from '../../shared/ipc/contract';
import type { WorkbenchService } from '../../electron/services/workbench';

type RunStateEvent = Extract<WorkbenchEvent, { type: 'run-state' }>;

/** The run snapshot an event pushes, when it is one of this run's. */
export function runStateOf(event: WorkbenchEvent, runId: string): RunRecord | null {
  return event.type === 'run-state' && event.run.runId === runId ? event.run : null;
}

/** Collects every event a service emits, and waits for the snapshot that ends a given run. */
export function recordEvents(service: WorkbenchService) {
  const events: WorkbenchEvent[] = [];
  const waiters: { accept: (e: WorkbenchEvent) => boolean; resolve: (e: WorkbenchEvent) => void }[] = [];
  const stop = service.onEvent((event) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (!waiter.accept(event)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  });
  return {
    events,
    stop,
    waitFor<T extends WorkbenchEvent>(accept: (e: WorkbenchEvent) => e is T): Promise<T> {
      const seen = events.find(accept);
      if (seen) return Promise.resolve(seen as T);
      return new Promise((resolve) => waiters.push({ accept, resolve: (e) => resolve(e as T) }));
    },
    /** The run's last snapshot: finished, failed or cancelled. */
    async runEnd(runId: string): Promise<RunRecord> {
      const end = await this.waitFor((e): e is RunStateEvent => (runStateOf(e, runId)?.status ?? 'running') !== 'running');
      return end.run;
    },
  };
}
