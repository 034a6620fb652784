/**
 * What one connection (a web page's socket, a desktop window) is sent of the service's events,
 * the same for both transports (issue 36): an event for named callers (a run's, a batch's, a
 * training's job snapshots) only where the connection is one of them, every other event always;
 * a running job's snapshots coalesced (jobs/job-events.ts).
 */
import type { WorkbenchEvent } from '../../../shared/ipc/contract';
import { JobEventCoalescer } from '../jobs/job-events';
import type { WorkbenchService } from './service';

/**
 * Sends the connection its events until the returned function is called. `caller` is the id its
 * calls carry (CallContext.caller); a function where it can change (a window replaced), null
 * while there is none.
 */
export function followEvents(service: Pick<WorkbenchService, 'onEvent'>, caller: string | (() => string | null), send: (event: WorkbenchEvent) => void): () => void {
  const callerNow = typeof caller === 'function' ? caller : () => caller;
  const coalescer = new JobEventCoalescer(send);
  const stop = service.onEvent((event, audience) => {
    if (audience !== null) {
      const id = callerNow();
      if (id === null || !audience.has(id)) return;
    }
    coalescer.push(event);
  });
  return () => {
    stop();
    coalescer.close();
  };
}
