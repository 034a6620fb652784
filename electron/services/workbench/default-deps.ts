/**
 * The real dependencies, loaded on first use: opening the service costs nothing, and llama.cpp
 * is only loaded when a model strategy runs or the models screen asks.
 */
import type { WorkbenchDeps } from './deps';
import { createModelsFacade } from './models-facade';
import { listStrategyInfo } from './strategy-catalog';

export interface DefaultDepsOptions {
  modelsDir?: string;
  profilesDir?: string;
}

export function createDefaultDeps(options: DefaultDepsOptions): WorkbenchDeps {
  const locations = { modelsDir: options.modelsDir, profilesDir: options.profilesDir };
  const readers = () => import('../../readers');
  return {
    readDocument: async (filePath) => (await readers()).readDocument(filePath),
    readDocumentBytes: async (name, bytes) => (await readers()).readDocumentBytes(name, bytes),
    runStrategy: async (request, hooks) => (await import('../run-strategy')).runStrategy(request, hooks),
    writeResult: async (format, result, text, chunks) =>
      (await import('../export/write-chunked')).writeChunkedResult(format, result, text, chunks, { modelsDir: options.modelsDir }),
    listStrategies: () => listStrategyInfo(locations),
    models: createModelsFacade(locations),
  };
}
