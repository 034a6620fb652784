import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import type { HandlerScope, Handlers } from './types';

/** The one cancel for every kind of job (runs, pulls, workspace batches, trainings), and the one list of them. */
export function jobHandlers(scope: HandlerScope): Handlers<'cancelJob' | 'listJobs'> {
  const { jobs } = scope;
  return {
    cancelJob: async ({ id }) => {
      const answer = jobs.cancel(id);
      if (answer === 'unknown') throw new WorkbenchError(wireErrorCodes.notFound, `no job with id '${id.slice(0, 128)}'`);
      return { cancelled: answer === 'cancelled' };
    },
    // A page that reloads catches up on what runs: each job as its last event carried it.
    listJobs: async ({ status }) =>
      jobs
        .list()
        .filter((job) => status === undefined || job.status === status)
        .sort((a, b) => a.startedAt.localeCompare(b.startedAt)),
  };
}
