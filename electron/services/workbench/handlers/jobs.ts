import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../errors';
import type { HandlerScope, Handlers } from './types';

/** The one cancel for every kind of job (runs, pulls, workspace batches, trainings). */
export function jobHandlers(scope: HandlerScope): Handlers<'cancelJob'> {
  const { jobs } = scope;
  return {
    cancelJob: async ({ id }) => {
      const answer = jobs.cancel(id);
      if (answer === 'unknown') throw new WorkbenchError(wireErrorCodes.notFound, `no job with id '${id.slice(0, 128)}'`);
      return { cancelled: answer === 'cancelled' };
    },
  };
}
