/**
 * The remote-backend flags every model-running command shares (`segment`, `bench quality`,
 * `models doctor`): the flags win over the host's settings (WORKBENCH_ENDPOINTS and
 * WORKBENCH_API_KEY, read once by hostSettingsFromEnvironment), into RemoteSettings passed down.
 */
import type { RemoteSettings } from '../services/inference/remote/settings';
import type { HostSettings } from '../services/strategies/settings';
import type { FlagSpecs } from './args';
import { UserInputError } from './errors';

export const REMOTE_FLAGS = {
  backend: { type: 'enum', values: ['local', 'remote'], description: 'model strategies: run in this process (local, default) or on inference servers (remote)' },
  endpoint: { type: 'string', repeatable: true, valueName: 'URL', description: 'remote: a llama-server or vLLM URL, KIND=URL to name the kind (repeatable; default WORKBENCH_ENDPOINTS); API key from WORKBENCH_API_KEY' },
  concurrency: { type: 'int', min: 1, max: 1024, description: "remote: requests in flight per endpoint (default: the server's slot count)" },
} as const satisfies FlagSpecs;

export interface RemoteFlagValues {
  backend?: 'local' | 'remote';
  endpoint?: string[];
  concurrency?: number;
}

/** The remote settings for these flags: null for the local backend. */
export function remoteSettingsFrom(flags: RemoteFlagValues, host: HostSettings): RemoteSettings | null {
  const endpoints = flags.endpoint ?? host.remote?.endpoints ?? [];
  if (flags.backend !== 'remote') {
    if (flags.endpoint || flags.concurrency !== undefined) {
      throw new UserInputError(`--${flags.endpoint ? 'endpoint' : 'concurrency'} applies only with --backend remote`);
    }
    return null;
  }
  if (endpoints.length === 0) throw new UserInputError('--backend remote needs --endpoint URL (repeatable) or WORKBENCH_ENDPOINTS');
  const { apiKey } = host;
  return { endpoints, ...(apiKey ? { apiKey } : {}), ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}) };
}
