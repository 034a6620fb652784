/** The next workbench event of a type, for tests that drive the service directly. */
import type { Job, JobKind, JobOf, ParamsOf, RunJob, WorkbenchEvent } from '../../shared/ipc/contract';
import type { LearnedTrainingReport } from '../../shared/workspace/types';
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

/** The next snapshot that ends a job of this kind (finished, failed or cancelled). */
export function nextJobEnd<K extends JobKind>(service: WorkbenchService, kind: K): Promise<JobOf<K>> {
  return new Promise((resolve) => {
    const off = service.onEvent((e) => {
      if (e.type === 'job' && e.job.kind === kind && e.job.status !== 'running') {
        off();
        resolve(e.job as Job as JobOf<K>);
      }
    });
  });
}

/** The next run snapshot that ends a run (finished, failed or cancelled). */
export function nextRunEnd(service: WorkbenchService): Promise<RunJob> {
  return nextJobEnd(service, 'run');
}

/** Trains `learned` through the contract and waits for its job: the report, or the job's error thrown. */
export async function trainLearned(service: WorkbenchService, params: ParamsOf<'workspaceTrainLearned'> = {}): Promise<LearnedTrainingReport> {
  const ended = nextJobEnd(service, 'train');
  await service.request('workspaceTrainLearned', params);
  const job = await ended;
  if (job.status !== 'finished' || !job.result) throw new Error(`the training ended ${job.status}: ${job.error ?? ''}`);
  return job.result;
}
