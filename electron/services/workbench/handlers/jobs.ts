import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import type { HandlerScope, Handlers } from './types';

/** The one cancel for every kind of job (runs, pulls, workspace batches, trainings), and the one list of them. */
export function jobHandlers(scope: HandlerScope): Handlers<'cancelJob' | 'listJobs'> {
  const { jobs } = scope;
  return {
    cancelJob: async ({ id }, { caller }) => {
      // Whoever cancels a job hears how it ended.
      if (caller !== undefined) jobs.follow(id, caller);
      const answer = jobs.cancel(id);
      if (answer === 'unknown') throw new WorkbenchError(wireErrorCodes.notFound, `no job with id '${id.slice(0, 128)}'`);
      return { cancelled: answer === 'cancelled' };
    },
    // A page that reloads catches up on what runs: each job as its last event carried it. The page
    // is a new connection: it adopts every job it is given, so their later snapshots reach it too.
    listJobs: async ({ status }, { caller }) => {
      const listed = jobs
        .list()
        .filter((job) => status === undefined || job.status === status)
        .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
      if (caller !== undefined) for (const job of listed) jobs.follow(job.id, caller);
      return listed;
    },
  };
}
