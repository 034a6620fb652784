/**
 * The settings a user may give through the environment, read in this one place. A host (a CLI
 * command, the Electron main process, `serve`) calls hostSettingsFromEnvironment once, at
 * start-up, and passes the result down with every run; nothing below a host reads process.env,
 * and nothing writes it.
 */
import { splitEndpointList } from '../inference/completers/remote/settings';
import { hubSettingsFrom, type HubSettings } from '../models/hub-settings';
import type { StrategySettings } from '../strategies/types';

export type Environment = Record<string, string | undefined>;

export interface HostSettings extends StrategySettings {
  /** WORKBENCH_API_KEY: sent to inference servers named by flags too, never logged. */
  apiKey?: string;
  /** WORKBENCH_DEBUG: llama.cpp's log lines and internal errors' stacks on stderr. */
  debug: boolean;
  /** MODEL_ENDPOINT / HF_ENDPOINT, HF_TOKEN and the token file: where pulls go and as whom (the endpoint is also `hubEndpoint`). */
  hub: HubSettings;
}

export function hostSettingsFromEnvironment(env: Environment = process.env): HostSettings {
  const hub = hubSettingsFrom(env);
  const settings: HostSettings = { debug: Boolean(env.WORKBENCH_DEBUG), hub, hubEndpoint: hub.endpoint };
  if (env.WORKBENCH_PROFILES_DIR) settings.profilesDir = env.WORKBENCH_PROFILES_DIR;
  if (env.WORKBENCH_MODELS_DIR) settings.modelsDir = env.WORKBENCH_MODELS_DIR;
  if (env.WORKBENCH_GPU) settings.gpu = env.WORKBENCH_GPU;
  if (env.WORKBENCH_THREADS) settings.threads = env.WORKBENCH_THREADS;
  if (env.WORKBENCH_PARALLEL) settings.parallel = env.WORKBENCH_PARALLEL;
  if (env.WORKBENCH_DETERMINISTIC && env.WORKBENCH_DETERMINISTIC !== '0') settings.deterministic = true;
  if (env.WORKBENCH_EMBEDDING_MODEL) settings.embeddingModel = env.WORKBENCH_EMBEDDING_MODEL;
  if (env.WORKBENCH_API_KEY) settings.apiKey = env.WORKBENCH_API_KEY;
  const endpoints = splitEndpointList(env.WORKBENCH_ENDPOINTS);
  if (endpoints.length > 0) settings.remote = { endpoints, ...(settings.apiKey ? { apiKey: settings.apiKey } : {}) };
  return settings;
}

/** What a run needs of the host's settings (the API key only inside `remote`; neither the hub token nor the debug switch). */
export function runSettingsOf({ apiKey: _apiKey, debug: _debug, hub: _hub, ...settings }: HostSettings): StrategySettings {
  return settings;
}
