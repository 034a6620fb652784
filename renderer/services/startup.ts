/** What the app does once on start: listen to service events, learn the strategies, open the sample. */
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import { openSample } from './documents';
import { reportError } from './errors';
import { handlePullEvent, refreshStrategies } from './models';
import { handleRunEvent } from './runs';
import { workbench } from './workbench';

export function dispatchEvent(event: WorkbenchEvent): void {
  switch (event.type) {
    case 'run-progress':
    case 'run-finished':
    case 'run-failed':
    case 'run-cancelled':
      handleRunEvent(event);
      return;
    case 'pull-progress':
    case 'pull-finished':
    case 'pull-failed':
      handlePullEvent(event);
      return;
  }
}

/** Returns the function that stops listening. */
export function startWorkbench(): () => void {
  let stop: () => void = () => {};
  try {
    stop = workbench().onEvent(dispatchEvent);
  } catch (err) {
    reportError('Could not connect to the workbench services', err);
    return stop;
  }
  void refreshStrategies();
  void openSample();
  return stop;
}
