/**
 * The run settings a user may give through the environment. A host (the CLI, the Electron main
 * process, `serve`) reads them here once, at start-up, and passes them down with every run; no
 * runner reads process.env, and nothing writes it.
 */
import type { StrategySettings } from './types';

export function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): StrategySettings {
  const settings: StrategySettings = {};
  if (env.WORKBENCH_PROFILES_DIR) settings.profilesDir = env.WORKBENCH_PROFILES_DIR;
  if (env.WORKBENCH_MODELS_DIR) settings.modelsDir = env.WORKBENCH_MODELS_DIR;
  if (env.WORKBENCH_GPU) settings.gpu = env.WORKBENCH_GPU;
  if (env.WORKBENCH_THREADS) settings.threads = env.WORKBENCH_THREADS;
  if (env.WORKBENCH_EMBEDDING_MODEL) settings.embeddingModel = env.WORKBENCH_EMBEDDING_MODEL;
  return settings;
}
