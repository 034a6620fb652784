/**
 * Where hub downloads go and with which token, as the user set them in the environment. The host
 * reads the environment once (host/settings.ts) and passes these down; nothing under
 * services/models reads process.env, so the endpoint has one precedence everywhere.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co/';

export interface HubSettings {
  /** The hub's base URL with a trailing slash. */
  endpoint: string;
  /** HF_TOKEN, when set; else the token file is read when a download needs it. */
  token?: string;
  /** HF_TOKEN_PATH, else HF_HOME/token, else ~/.cache/huggingface/token (the hub's own rule). */
  tokenFile: string;
}

type Environment = Record<string, string | undefined>;

/** An http(s) URL as an endpoint (trailing slash added); undefined for anything else. */
export function endpointOf(value: string | undefined): string | undefined {
  if (!value || !/^https?:\/\//.test(value)) return undefined;
  return value.endsWith('/') ? value : `${value}/`;
}

/** node-llama-cpp's rule: MODEL_ENDPOINT, then HF_ENDPOINT, else huggingface.co. */
export function hubSettingsFrom(env: Environment): HubSettings {
  const home = env.HF_HOME || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'huggingface');
  return {
    endpoint: endpointOf(env.MODEL_ENDPOINT) ?? endpointOf(env.HF_ENDPOINT) ?? DEFAULT_HUB_ENDPOINT,
    ...(env.HF_TOKEN ? { token: env.HF_TOKEN } : {}),
    tokenFile: env.HF_TOKEN_PATH || join(home, 'token'),
  };
}
