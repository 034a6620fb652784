/**
 * "Train from corrections": asks the service to train the `learned` strategy on the workspace's
 * corrected documents, keeps its report (held-out figures, strongest features) for the panel,
 * and refreshes the strategy list so the Run panel offers `learned` from then on.
 */
import { create } from 'zustand';
import type { LearnedTrainingReport } from '../../../shared/workspace/types';
import { describeError } from '../../services/errors';
import { refreshStrategies } from '../../services/models';
import { workbench } from '../../services/workbench';

export interface LearnState {
  training: boolean;
  report: LearnedTrainingReport | null;
  error: string | null;
}

export const useLearnStore = create<LearnState>()(() => ({ training: false, report: null, error: null }));

export async function trainFromCorrections(): Promise<void> {
  useLearnStore.setState({ training: true, error: null });
  try {
    const report = await workbench().workspaceTrainLearned({});
    useLearnStore.setState({ training: false, report });
    await refreshStrategies();
  } catch (err) {
    // The previous model (and its report) stays: a failed training loses nothing.
    useLearnStore.setState({ training: false, error: describeError(err) });
  }
}
