/** The next workbench event of a type, for tests that drive the service directly. */
import type { RunRecord, WorkbenchEvent } from '../../shared/ipc/contract';
import type { WorkbenchService } from '../../electron/services/workbench';

export function nextEvent<T extends WorkbenchEvent['type']>(service: WorkbenchService, type: T): Promise<Extract<WorkbenchEvent, { type: T }>> {
  return new Promise((resolve) => {
    const off = service.onEvent((e) => {
      if (e.type === type) {
        off();
        resolve(e as Extract<WorkbenchEvent, { type: T }>);
      }
    });
  });
}

/** The next run snapshot that ends a run (finished, failed or cancelled). */
export function nextRunEnd(service: WorkbenchService): Promise<RunRecord> {
  return new Promise((resolve) => {
    const off = service.onEvent((e) => {
      if (e.type === 'run-state' && e.run.status !== 'running') {
        off();
        resolve(e.run);
      }
    });
  });
}
