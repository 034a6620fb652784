/**
 * "Train from corrections": asks the service to train the `learned` strategy on the workspace's
 * corrected documents the person chose, shows its progress and lets it be cancelled, keeps its
 * report (held-out figures, strongest features) for the panel (stores/learn.ts), and refreshes
 * the strategy list so the Run panel offers `learned` from then on.
 */
import type { WorkspaceEvent } from '../../shared/workspace/types';
import { useLearnStore } from '../stores/learn';
import { useWorkspaceStore } from '../stores/workspace';
import { describeError, reportError } from './errors';
import { refreshStrategies } from './models';
import { workbench } from './workbench';

export async function trainFromCorrections(): Promise<void> {
  const { excluded, useEmbeddingModel, trainingOptions } = useLearnStore.getState();
  useLearnStore.setState({ training: true, error: null, progress: null });
  try {
    const report = await workbench().workspaceTrainLearned({ include: useWorkspaceStore.getState().selection, exclude: excluded, useEmbeddingModel, training: trainingOptions });
    useLearnStore.setState({ training: false, progress: null, report });
    await refreshStrategies();
  } catch (err) {
    // The previous model (and its report) stays: a failed or cancelled training loses nothing.
    useLearnStore.setState({ training: false, progress: null, error: describeError(err) });
  }
}

export async function cancelTraining(): Promise<void> {
  await workbench().workspaceCancelTraining({}).catch((err: unknown) => reportError('Could not cancel the training', err));
}

export function noteTrainingProgress(event: Extract<WorkspaceEvent, { type: 'workspace-train-progress' }>): void {
  if (!useLearnStore.getState().training) return;
  const { type: _type, ...progress } = event;
  useLearnStore.setState({ progress });
}
