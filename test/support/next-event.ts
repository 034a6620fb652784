/** The next workbench event of a type, for tests that drive the service directly. */
import type { WorkbenchEvent } from '../../shared/ipc/contract';
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
