/**
 * The real dependencies, loaded on first use: opening the service costs nothing, and llama.cpp
 * is only loaded when a model strategy runs or the models screen asks.
 */
import { writeResult } from '../../../shared/formats';
import type { RemoteSettings } from '../inference/remote/settings';
import type { WorkbenchDeps } from './deps';
import { createModelsFacade } from './models-facade';
import { listStrategyInfo } from './strategy-catalog';

export interface DefaultDepsOptions {
  modelsDir?: string;
  profilesDir?: string;
  /** Inference servers for runs with `backend: 'remote'` (read from the environment by the host, once). */
  remote?: RemoteSettings | null;
}

export function createDefaultDeps(options: DefaultDepsOptions): WorkbenchDeps {
  const locations = { modelsDir: options.modelsDir, profilesDir: options.profilesDir };
  const readers = () => import('../../readers');
  return {
    readDocument: async (filePath) => (await readers()).readDocument(filePath),
    readDocumentBytes: async (name, bytes) => (await readers()).readDocumentBytes(name, bytes),
    runStrategy: async (request, hooks) => {
      const { runStrategy } = await import('../run-strategy');
      // The UI asks for the remote backend by name; the endpoints and key are the host's settings.
      const runOptions = request.options.backend === 'remote' ? { ...request.options, remote: options.remote ?? { endpoints: [] } } : request.options;
      return runStrategy({ ...request, options: runOptions }, hooks);
    },
    writeResult,
    listStrategies: () => listStrategyInfo(locations),
    models: createModelsFacade(locations, options.remote ?? null),
  };
}
