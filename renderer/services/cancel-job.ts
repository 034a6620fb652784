/** The one cancel, for a run, a pull, a workspace batch or a training alike. */
import { reportError } from './errors';
import { workbench } from './workbench';

/** `what` names the job in the banner if the service cannot be asked. */
export async function cancelJob(id: string, what: string): Promise<void> {
  try {
    await workbench().cancelJob({ id });
  } catch (err) {
    reportError(`Could not cancel the ${what}`, err);
  }
}
