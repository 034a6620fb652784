/**
 * What the app does once on start: listen to service events, learn the strategies, and restore a
 * document (the workspace's last one, or the sample). The restore goes through the show sequence
 * (show-document.ts) as a restore: it never replaces a document the person opened meanwhile.
 */
import type { Job, WorkbenchEvent } from '../../shared/ipc/contract';
import { useJobs } from '../stores/jobs';
import { useNativeStore } from '../stores/native';
import { useUiStore } from '../stores/ui';
import { openPickedDocument, openSample } from './documents';
import { exportCurrent } from './exports';
import { reportError } from './errors';
import { choosePurposeFor, handlePullJob, refreshAfterModelsChanged, refreshStrategies } from './models';
import { handleRunJob } from './runs';
import { workbench } from './workbench';
import { adoptTrainJob, handleTrainJob } from './learn';
import { followTokenCounts } from './token-counts';
import { adoptBatchJob, handleBatchJob, handleWorkspaceEvent, openLastWorkspaceDocument, refreshWorkspace } from './workspace';

/** Every job's snapshot goes to the jobs slice (which the progress views read), then to its feature. */
function followJob(job: Job): void {
  useJobs.getState().jobChanged(job);
  switch (job.kind) {
    case 'run':
      return handleRunJob(job);
    case 'pull':
      return handlePullJob(job);
    case 'batch':
      return handleBatchJob(job);
    case 'train':
      return handleTrainJob(job);
  }
}

/**
 * Catches up on the jobs already under way when this page (re)loads: a pull, batch or training
 * started before a reload shows again, with its progress and Cancel. Asked once the events flow, so
 * a job's later snapshots arrive as events; a job whose end an event already brought stays ended.
 */
export async function catchUpOnJobs(): Promise<void> {
  const running = await workbench().listJobs({ status: 'running' });
  for (const job of running) {
    if ((useJobs.getState().jobs[job.id]?.status ?? 'running') !== 'running') continue;
    if (job.kind === 'batch') adoptBatchJob(job);
    else if (job.kind === 'train') adoptTrainJob(job);
    followJob(job);
  }
}

export function dispatchEvent(event: WorkbenchEvent): void {
  switch (event.type) {
    case 'job':
      followJob(event.job);
      return;
    case 'models-changed':
      void refreshAfterModelsChanged();
      return;
    case 'native-state':
      useNativeStore.getState().setState(event.state);
      return;
    // The desktop app's File menu acts in the main process, then tells this window what to show.
    case 'menu-command':
      if (event.command === 'export') void exportCurrent(useUiStore.getState().exportFormat);
      else if (event.command === 'open-picked-document') void openPickedDocument(event.pickId, event.path);
      else if (event.command === 'show-workspace') void refreshWorkspace();
      else if (event.command === 'choose-model-purpose') choosePurposeFor(event.pickId, event.path);
      return;
    case 'workspace-saved':
    case 'workspace-correction-cleared':
    case 'workspace-run-saved':
      handleWorkspaceEvent(event);
      return;
    // Documents opened elsewhere need nothing here: this window follows its own.
    case 'document-opened':
    case 'document-closed':
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
  void catchUpOnJobs().catch((err: unknown) => reportError('Could not ask the host for the jobs under way', err));
  void (async () => {
    try {
      useUiStore.getState().setDefaultStrategy((await workbench().getHostInfo({})).defaultStrategy);
    } catch (err) {
      reportError('Could not ask the host for its default strategy', err);
    }
    // With a workspace, the document shown last comes back (with its corrections) instead of the sample.
    if ((await openLastWorkspaceDocument()) === 'none') await openSample('restore');
    // A fact tests (and nothing else) wait on: the restore has shown its document or yielded.
    document.documentElement.dataset.startup = 'done';
  })();
  const stopCounts = followTokenCounts();
  return () => {
    stop();
    stopCounts();
  };
}
