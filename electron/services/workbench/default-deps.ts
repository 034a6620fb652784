/**
 * The real dependencies, loaded on first use: opening the service costs nothing, and llama.cpp
 * is only loaded when a model strategy runs or the models screen asks.
 */
import { settingsFromEnvironment } from '../strategies/settings';
import type { StrategySettings } from '../strategies/types';
import type { WorkbenchDeps } from './deps';
import { createModelsFacade } from './models-facade';
import { listStrategyInfo } from './strategy-catalog';

export interface DefaultDepsOptions {
  modelsDir?: string;
  profilesDir?: string;
}

export function createDefaultDeps(options: DefaultDepsOptions): WorkbenchDeps {
  const locations = { modelsDir: options.modelsDir, profilesDir: options.profilesDir };
  // Read once, when the host creates its service: every run gets these folders passed down.
  const settings: StrategySettings = { ...settingsFromEnvironment(), ...definedOnly(locations) };
  const readers = () => import('../../readers');
  return {
    readDocument: async (filePath) => (await readers()).readDocument(filePath),
    readDocumentBytes: async (name, bytes) => (await readers()).readDocumentBytes(name, bytes),
    runStrategy: async (request, hooks) => (await import('../strategies/run-strategy')).runStrategy({ ...request, settings }, hooks),
    writeResult: async (format, result, text, chunks) =>
      (await import('../export/write-chunked')).writeChunkedResult(format, result, text, chunks, { modelsDir: options.modelsDir }),
    listStrategies: () => listStrategyInfo(locations),
    models: createModelsFacade(locations),
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
