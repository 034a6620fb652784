import type { WorkbenchEvent } from '../../shared/ipc/contract';
import type { WorkbenchService } from '../../electron/services/workbench';

/** Collects every event a service emits, and waits for the one that ends a given run. */
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
    runEnd(runId: string) {
      return this.waitFor(
        (e): e is Extract<WorkbenchEvent, { type: 'run-finished' | 'run-failed' | 'run-cancelled' }> =>
          (e.type === 'run-finished' || e.type === 'run-failed' || e.type === 'run-cancelled') && e.runId === runId,
      );
    },
  };
}
