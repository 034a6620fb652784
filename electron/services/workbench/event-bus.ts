import type { WorkbenchEvent } from '../../../shared/ipc/contract';
import { errorMessage } from '../../../shared/text/error-message';
import type { JobAudience } from '../jobs/registry';

/**
 * Which connections an event is for: the callers named (a run's, a batch's, a training's job
 * snapshots), or null: every one (pulls, workspace and document events, native state).
 */
export type EventAudience = JobAudience;

export type EventListener = (event: WorkbenchEvent, audience: EventAudience) => void;

/** Fan-out of service events to every transport; one listener's failure never stops the others. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: WorkbenchEvent, audience: EventAudience = null): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event, audience);
      } catch (err) {
        process.stderr.write(`workbench: an event listener failed: ${errorMessage(err)}\n`);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
