/**
 * "Train from corrections": asks the service to train the `learned` strategy on the workspace's
 * corrected documents the person chose, follows the training job (its progress is in the jobs
 * slice) and lets it be cancelled, keeps its report (held-out figures, strongest features) for
 * the panel (stores/learn.ts), and refreshes the strategy list so the Run panel offers `learned`.
 */
import type { TrainJob } from '../../shared/ipc/contract';
import { jobOf, useJobs } from '../stores/jobs';
import { useLearnStore } from '../stores/learn';
import { useWorkspaceStore } from '../stores/workspace';
import { cancelJob } from './cancel-job';
import { describeError } from './errors';
import { refreshStrategies } from './models';
import { workbench } from './workbench';

export async function trainFromCorrections(): Promise<void> {
  const { excluded, useEmbeddingModel, trainingOptions } = useLearnStore.getState();
  useLearnStore.setState({ training: true, jobId: null, error: null });
  try {
    const { jobId } = await workbench().workspaceTrainLearned({ include: useWorkspaceStore.getState().selection, exclude: excluded, useEmbeddingModel, training: trainingOptions });
    useLearnStore.setState({ jobId });
    // A short training can end before its start is answered: its job is in the jobs slice already.
    const job = jobOf(useJobs.getState(), jobId, 'train');
    if (job) handleTrainJob(job);
  } catch (err) {
    // Refused before it started (no workspace, another training under way): nothing changed.
    useLearnStore.setState({ training: false, error: describeError(err) });
  }
}

export async function cancelTraining(): Promise<void> {
  const { jobId } = useLearnStore.getState();
  if (jobId) await cancelJob(jobId, 'training');
}

/** A training under way when this page loaded (started before a reload, or in another window): the panel follows it. */
export function adoptTrainJob(job: TrainJob): void {
  if (job.status === 'running' && useLearnStore.getState().jobId === null) useLearnStore.setState({ training: true, jobId: job.id, error: null });
}

/** How this window's training ended; the previous model (and its report) stays unless it finished. */
export function handleTrainJob(job: TrainJob): void {
  if (job.id !== useLearnStore.getState().jobId || job.status === 'running') return;
  if (job.status === 'finished' && job.result) {
    useLearnStore.setState({ training: false, report: job.result });
    void refreshStrategies();
    return;
  }
  const error = job.status === 'cancelled' ? 'the training was cancelled; the previous model is kept' : (job.error ?? 'the training failed');
  useLearnStore.setState({ training: false, error });
}
