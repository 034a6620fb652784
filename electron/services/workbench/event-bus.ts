import type { WorkbenchEvent } from '../../../shared/ipc/contract';
import { errorMessage } from '../../../shared/text/error-message';

export type EventListener = (event: WorkbenchEvent) => void;

/** Fan-out of service events to every transport; one listener's failure never stops the others. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: WorkbenchEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        process.stderr.write(`workbench: an event listener failed: ${errorMessage(err)}\n`);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
