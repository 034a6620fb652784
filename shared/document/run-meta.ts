/**
 * The meta each kind of run writes into its result, typed, and the one lenient reading of a
 * result's meta (issue 35, item 4). A runner returns `SegmentationResult<ItsMeta>`; the layers
 * above add `RunMetaAdded` (the wall time, the reader, where a correction started). A result read
 * back (a run file, an exported JSON, the wire) keeps a loose `Record` meta, since files written
 * by older builds hold older shapes: `modelRunMetaOf`, `ruleRunMetaOf` and `learnedRunMetaOf`
 * are the only places that look at its shape, and answer null for one they do not recognise.
 * Object types, not interfaces: a result's `meta` is a Record, which only type literals fit.
 */
import type { ReaderReport } from './reader-report';
import type { ModelRunMeta } from './model-run-meta';

/** A rule strategy's run (electron/services/strategies/rule-runner.ts). */
export type RuleRunMeta = {
  kind: 'rules';
  /** The shared size limits and the strategy's own options, as the run was asked for them. */
  options: Record<string, unknown>;
  /** The tokenizer that counted `maxTokens`, when one did. */
  tokenizer?: string;
};

/** A `learned` run (electron/services/learn/run-learned.ts). */
export type LearnedRunMeta = {
  kind: 'rules';
  /** The model file's path. */
  model: string;
  trainedOn: number;
  trainedAt: string;
  embeddingModel?: string;
  options?: { maxChars: number };
};

/** What the layers above a runner add: its wall time, the reader's report, where a correction started. */
export type RunMetaAdded = {
  elapsedMs?: number;
  reader?: ReaderReport;
  startedFrom?: string;
};

type LooseMeta = Record<string, unknown>;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A model run's meta, or null when the meta is not one (a rule run's, or a shape this build does not know). */
export function modelRunMetaOf(result: { meta: LooseMeta }): ModelRunMeta | null {
  const { meta } = result;
  const known = meta.kind === 'model' && Array.isArray(meta.windows) && isObject(meta.window) && isObject(meta.tokens) && isObject(meta.timingsMs) && typeof meta.backend === 'string';
  // The one place a model run's meta read back is taken for what it says it is.
  return known ? (meta as ModelRunMeta) : null;
}

/** A `learned` run's meta, or null. */
export function learnedRunMetaOf(result: { meta: LooseMeta }): LearnedRunMeta | null {
  const { meta } = result;
  const known = meta.kind === 'rules' && typeof meta.model === 'string' && typeof meta.trainedOn === 'number' && typeof meta.trainedAt === 'string';
  return known ? (meta as LearnedRunMeta) : null;
}

/** A rule strategy's meta (not `learned`'s), or null. */
export function ruleRunMetaOf(result: { meta: LooseMeta }): RuleRunMeta | null {
  const { meta } = result;
  const known = meta.kind === 'rules' && isObject(meta.options) && meta.model === undefined;
  return known ? (meta as RuleRunMeta) : null;
}
