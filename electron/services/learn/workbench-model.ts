/**
 * In the workbench the `learned` strategy runs with the open workspace's model (saved there by
 * Train from corrections): runs and batch runs get its path, and the strategy list says whether
 * there is one.
 */
import type { StrategyInfo } from '../../../shared/ipc/contract';
import { LEARNED_DESCRIPTION, LEARNED_STRATEGY_NAME } from '../../../shared/learn/segment';
import type { StrategyRunRequest, WorkbenchDeps } from '../workbench/deps';

export const NO_MODEL_REASON = 'no trained model: use Train from corrections in the workspace (or cli train)';

/** The catalog's entry for `learned`, before anyone says where a model is. */
export function learnedStrategyInfo(modelFile: string | null = null): StrategyInfo {
  return modelFile
    ? { name: LEARNED_STRATEGY_NAME, kind: 'rules', description: LEARNED_DESCRIPTION, available: true }
    : { name: LEARNED_STRATEGY_NAME, kind: 'rules', description: LEARNED_DESCRIPTION, available: false, reason: NO_MODEL_REASON };
}

/** The strategy list with `learned` available exactly when the workspace has a model. */
export function withLearnedAvailability(strategies: StrategyInfo[], modelFile: string | null): StrategyInfo[] {
  return strategies.map((s) => (s.name === LEARNED_STRATEGY_NAME ? learnedStrategyInfo(modelFile) : s));
}

/** A runner that hands `learned` runs the current workspace model's path. */
export function withLearnedModel(run: WorkbenchDeps['runStrategy'], modelFile: () => string | null): WorkbenchDeps['runStrategy'] {
  return (request: StrategyRunRequest, hooks) => {
    const file = modelFile();
    if (request.strategy !== LEARNED_STRATEGY_NAME || file === null) return run(request, hooks);
    return run({ ...request, options: { ...request.options, learnedModelFile: file } }, hooks);
  };
}
