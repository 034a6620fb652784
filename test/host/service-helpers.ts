import type { Job, JobKind, JobOf, RunJob, WorkbenchEvent } from '../../shared/ipc/contract';
import type { WorkbenchService } from '../../electron/services/workbench';

type JobEvent = Extract<WorkbenchEvent, { type: 'job' }>;

/** The job snapshot an event pushes, when it is one of this job's. */
export function jobOf<K extends JobKind>(event: WorkbenchEvent, id: string, kind: K): JobOf<K> | null {
  return event.type === 'job' && event.job.id === id && event.job.kind === kind ? (event.job as JobOf<K>) : null;
}

/** The run snapshot an event pushes, when it is one of this run's. */
export function runStateOf(event: WorkbenchEvent, runId: string): RunJob | null {
  return jobOf(event, runId, 'run');
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
    /** The job's last snapshot: finished, failed or cancelled. */
    async jobEnd(id: string): Promise<Job> {
      const end = await this.waitFor((e): e is JobEvent => e.type === 'job' && e.job.id === id && e.job.status !== 'running');
      return end.job;
    },
    /** The run's last snapshot: finished, failed or cancelled. */
    async runEnd(runId: string): Promise<RunJob> {
      const end = await this.waitFor((e): e is JobEvent => (runStateOf(e, runId)?.status ?? 'running') !== 'running');
      return end.job as RunJob;
    },
  };
}
