import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNovel } from './novel';
import { buildSpeeches } from './speeches';
import { buildTechDocs, buildTechDocsHeaded } from './tech-docs';
import type { BuildOptions, BuiltCorpus, CorpusName } from '../../electron/corpus/types';

export const DEFAULT_SEED = '2026';

/** The repository's node_modules, wherever the command runs from. */
export const REPO_NODE_MODULES = join(dirname(fileURLToPath(import.meta.url)), '../../node_modules');

/** Full-size defaults: every novel chapter run, 50 speech documents, 40 Markdown files. */
export const FULL_SIZE: Record<CorpusName, { limit: number; maxChars: number }> = {
  novel: { limit: 1000, maxChars: 60_000 },
  speeches: { limit: 50, maxChars: 60_000 },
  'tech-docs': { limit: 40, maxChars: 60_000 },
  'tech-docs-headed': { limit: 40, maxChars: 60_000 },
};

/** The committed sample: small enough for tests (and the tiny model) to run in seconds. */
export const SAMPLE_SIZE: Record<CorpusName, { limit: number; maxChars: number }> = {
  novel: { limit: 2, maxChars: 12_000 },
  speeches: { limit: 3, maxChars: 12_000 },
  'tech-docs': { limit: 3, maxChars: 12_000 },
  'tech-docs-headed': { limit: 3, maxChars: 12_000 },
};

const BUILDERS: Record<CorpusName, (options: BuildOptions) => BuiltCorpus> = {
  novel: buildNovel,
  speeches: buildSpeeches,
  'tech-docs': buildTechDocs,
  'tech-docs-headed': buildTechDocsHeaded,
};

export function buildCorpus(name: CorpusName, options: BuildOptions): BuiltCorpus {
  return BUILDERS[name](options);
}
