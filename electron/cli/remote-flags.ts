/**
 * The remote-backend flags every model-running command shares (`segment`, `bench quality`,
 * `models doctor`): the flags win over the host's settings (WORKBENCH_ENDPOINTS and
 * WORKBENCH_API_KEY, read once by hostSettingsFromEnvironment), into RemoteSettings passed down.
 * Without `--endpoint`, a run goes to the servers the app runs on: the start-up ones and those
 * added from its Models screen (the models folder's inference-servers.json, each with its own key).
 */
import path from 'node:path';
import { createEndpointStore, ENDPOINTS_FILE } from '../services/inference/completers/remote/endpoint-store';
import type { RemoteSettings } from '../services/inference/completers/remote/settings';
import { modelsDir } from '../services/platform/app-paths';
import type { HostSettings } from '../services/host/settings';
import type { FlagSpecs } from './args';
import { UserInputError } from './errors';

export const REMOTE_FLAGS = {
  backend: { type: 'enum', values: ['local', 'remote'], description: 'model strategies: run in this process (local, default) or on inference servers (remote)' },
  endpoint: { type: 'string', repeatable: true, valueName: 'URL', description: 'remote: a llama-server or vLLM URL, KIND=URL to name the kind (repeatable; default WORKBENCH_ENDPOINTS); API key from WORKBENCH_API_KEY' },
  concurrency: { type: 'int', min: 1, max: 1024, description: "remote: requests in flight per endpoint (default: a llama-server's slot count; 256 for vLLM, its default --max-num-seqs)" },
  'request-timeout': { type: 'int', min: 1, max: 86_400, description: "remote: seconds one window's request may take, queueing included, before it is retried elsewhere (default 300)" },
} as const satisfies FlagSpecs;

export interface RemoteFlagValues {
  backend?: 'local' | 'remote';
  endpoint?: string[];
  concurrency?: number;
  'request-timeout'?: number;
}

/**
 * The servers a command runs on: the `--endpoint` ones when given (with the start-up key), else the
 * app's, start-up and added from the Models screen (inference-servers.json in `modelsFolder`).
 */
export async function serversFrom(endpointFlag: string[] | undefined, host: HostSettings, modelsFolder = modelsDir({ modelsDir: host.modelsDir })): Promise<RemoteSettings> {
  const { apiKey } = host;
  if (endpointFlag) return { endpoints: endpointFlag, ...(apiKey ? { apiKey } : {}) };
  const startup = host.remote?.endpoints.length ? { endpoints: host.remote.endpoints, ...(apiKey ? { apiKey } : {}) } : null;
  return createEndpointStore(path.join(modelsFolder, ENDPOINTS_FILE), startup).settings();
}

/** The remote settings for these flags: null for the local backend. */
export async function remoteSettingsFrom(flags: RemoteFlagValues, host: HostSettings): Promise<RemoteSettings | null> {
  if (flags.backend !== 'remote') {
    const given = flags.endpoint ? 'endpoint' : flags.concurrency !== undefined ? 'concurrency' : flags['request-timeout'] !== undefined ? 'request-timeout' : null;
    if (given) throw new UserInputError(`--${given} applies only with --backend remote`);
    return null;
  }
  const servers = await serversFrom(flags.endpoint, host);
  if (servers.endpoints.length === 0) {
    throw new UserInputError("--backend remote needs --endpoint URL (repeatable), WORKBENCH_ENDPOINTS, or a server added on the app's Models screen");
  }
  return {
    ...servers,
    ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
    ...(flags['request-timeout'] !== undefined ? { requestTimeoutMs: flags['request-timeout'] * 1000 } : {}),
  };
}
