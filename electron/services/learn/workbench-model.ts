/**
 * In the workbench the `learned` strategy runs with the open workspace's model (saved there by
 * Train from corrections): runs and batch runs get its path, and the strategy list says whether
 * there is one. They also get the host's embedding model, if there is one, for models trained
 * with embeddings.
 */
import type { StrategyInfo } from '../../../shared/ipc/contract';
import { LEARNED_DESCRIPTION, LEARNED_STRATEGY_NAME } from '../../../shared/learn/segment';
import type { RunStrategyFn, StrategyRunRequest } from '../strategies/runner';

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

/** The embedding model's path, or null; `refresh` looks at the installed models again. */
export type EmbeddingModelSource = (refresh?: boolean) => Promise<string | null>;

/**
 * The embedding model the host names (a setting), else the first installed model that declares
 * itself an embedding model; looked up once, and again whenever `refresh` asks (each training).
 */
export function embeddingModelSource(named: string | null, modelsDir: string): EmbeddingModelSource {
  let found: Promise<string | null> | null = null;
  return (refresh = false) => {
    if (named !== null) return Promise.resolve(named);
    // Imported on first use: the embeddings module loads node-llama-cpp, which the main process
    // must not load at start-up.
    if (found === null || refresh) found = import('./embeddings').then(({ findInstalledEmbeddingModel }) => findInstalledEmbeddingModel(modelsDir)).catch(() => null);
    return found;
  };
}

export interface LearnedSettings {
  learnedModelFile: string | null;
  embeddingModel: EmbeddingModelSource;
}

/** A runner that hands `learned` runs the current workspace model's path and the embedding model. */
export function withLearnedModel(run: RunStrategyFn, settings: LearnedSettings): RunStrategyFn {
  return async (request: StrategyRunRequest, hooks) => {
    const file = settings.learnedModelFile;
    if (request.strategy !== LEARNED_STRATEGY_NAME || file === null) return run(request, hooks);
    const embedding = await settings.embeddingModel();
    return run({ ...request, options: { ...request.options, learnedModelFile: file, ...(embedding === null ? {} : { embeddingModelFile: embedding }) } }, hooks);
  };
}
