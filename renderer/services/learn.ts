/**
 * "Train from corrections": asks the service to train the `learned` strategy on the workspace's
 * corrected documents, keeps its report (held-out figures, strongest features) for the panel
 * (stores/learn.ts), and refreshes the strategy list so the Run panel offers `learned` from then on.
 */
import { useLearnStore } from '../stores/learn';
import { describeError } from './errors';
import { refreshStrategies } from './models';
import { workbench } from './workbench';

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
