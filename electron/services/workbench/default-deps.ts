/**
 * The real dependencies, loaded on first use: opening the service costs nothing, and llama.cpp
 * is only loaded when a model strategy runs or the models screen asks.
 */
import path from 'node:path';
import { resolveBudgets, type Budgets } from '../../../shared/budgets/budgets';
import { isModelStrategy } from '../strategies/registry';
import type { StrategySettings } from '../strategies/types';
import type { HubSettings } from '../models/hub-settings';
import { workerEntry } from '../worker/worker-entries';
import { workerPool } from '../worker/worker-pool';
import type { RemoteSettings } from '../inference/completers/remote/settings';
import { createEndpointStore, ENDPOINTS_FILE } from '../inference/completers/remote/endpoint-store';
import { modelsDir } from '../platform/app-paths';
import type { WorkbenchDeps } from './deps';
import { createModelsFacade } from './models-facade';
import { listStrategyInfo } from './strategy-catalog';

export interface DefaultDepsOptions {
  modelsDir?: string;
  profilesDir?: string;
  /** Limits for documents and results (shared/budgets); the defaults where not given. */
  budgets?: Partial<Budgets>;
  /**
   * The worker thread entry for reading documents and rule strategies; by default the one next to
   * this code (worker/worker-entries.ts: the .ts source, or the bundle's worker.mjs). null runs them in-process.
   */
  workerEntry?: URL | null;
  /**
   * Inference servers for runs with `backend: 'remote'` (read from the environment by the host,
   * once); the servers added from the Models screen (models folder, inference-servers.json) join them.
   */
  remote?: RemoteSettings | null;
  /**
   * The host's run settings (hostSettingsFromEnvironment, read once at start-up): folders, GPU,
   * threads. The explicit folders above win over these.
   */
  settings?: StrategySettings;
  /** The host's hub settings (endpoint, token): the models screen's pulls use them. */
  hub?: HubSettings;
}

export function createDefaultDeps(options: DefaultDepsOptions): WorkbenchDeps {
  const locations = {
    modelsDir: options.modelsDir ?? options.settings?.modelsDir,
    profilesDir: options.profilesDir ?? options.settings?.profilesDir,
    hubEndpoint: options.settings?.hubEndpoint,
  };
  // Every run gets the host's settings passed down. The servers of the remote backend are the
  // host's start-up ones and those added from the Models screen; a run asks for them by name
  // (backend: 'remote') and gets them as they are when it starts.
  const settings: StrategySettings = { ...options.settings, ...definedOnly(locations) };
  delete settings.remote;
  const servers = createEndpointStore(path.join(modelsDir(locations), ENDPOINTS_FILE), options.remote ?? options.settings?.remote ?? null);
  const budgets = resolveBudgets(options.budgets);
  const entry = options.workerEntry === undefined ? workerEntry('heavyWork') : options.workerEntry;
  const pool = entry ? workerPool(entry) : null;
  const readers = () => import('../../readers');
  return {
    readDocument: async (filePath, read = {}) =>
      pool ? pool.run({ kind: 'read-document', path: filePath, budgets, options: read }) : (await readers()).readDocument(filePath, budgets, read),
    readDocumentBytes: async (name, bytes, read = {}) =>
      pool ? pool.run({ kind: 'read-document-bytes', name, bytes, budgets, options: read }) : (await readers()).readDocumentBytes(name, bytes, budgets, read),
    runStrategy: async (request, hooks) => {
      // Rule strategies run in the worker, where cancelling terminates them. Model strategies are
      // asynchronous already (llama.cpp has its own threads), and a token limit needs the tokenizer
      // that lives here, so those stay on this thread.
      if (pool && !isModelStrategy(request.strategy) && request.options.maxTokens === undefined) {
        return pool.run({ kind: 'run-rule-strategy', request: { ...request, settings, budgets } }, hooks.signal);
      }
      // Only a run on the servers is given them (and their keys).
      const remote = request.options.backend === 'remote' ? { remote: await servers.settings() } : {};
      return (await import('../strategies/run-strategy')).runStrategy({ ...request, settings: { ...settings, ...remote }, budgets }, hooks);
    },
    writeResult: async (format, result, text, chunks) =>
      (await import('../export/write-chunked')).writeChunkedResult(format, result, text, chunks, { modelsDir: locations.modelsDir }),
    listStrategies: () => listStrategyInfo(locations),
    // A large call in the pool; qwen2, small calls and no pool on this loop, in slices (worker/count-tokens.ts).
    countTokens: async (tokenizer, text, ranges) =>
      (await import('../worker/count-tokens')).countTokens({ pool, modelsDir: locations.modelsDir }, tokenizer, text, ranges),
    models: createModelsFacade(locations, servers, options.hub),
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
