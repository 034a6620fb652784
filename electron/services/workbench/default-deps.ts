/**
 * The real dependencies, loaded on first use: opening the service costs nothing, and llama.cpp
 * is only loaded when a model strategy runs or the models screen asks.
 */
import type { WorkbenchDeps } from './deps';

export interface DefaultDepsOptions {
  modelsDir?: string;
  profilesDir?: string;
}

export function createDefaultDeps(_options: DefaultDepsOptions): WorkbenchDeps {
  const readers = () => import('../../readers');
  return {
    readDocument: async (filePath) => (await readers()).readDocument(filePath),
    readDocumentBytes: async (name, bytes) => (await readers()).readDocumentBytes(name, bytes),
    runStrategy: async (request, hooks) => (await import('../run-strategy')).runStrategy(request, hooks),
    writeResult: async (format, result, text) => (await import('../../../shared/formats')).writeResult(format, result, text),
    listStrategies: async () => [],
    models: {
      list: async () => [],
      doctor: async () => {
        throw new Error('not wired yet');
      },
      pull: async () => [],
      import: async () => {
        throw new Error('not wired yet');
      },
    },
  };
}
