import type { Segmentation, SegmentationWarning } from '../document/types';
import type { C99Parameters } from './c99-parameters';

export interface RuleStrategyOptions {
  /** Upper bound on a segment's length in characters. */
  maxChars?: number;
  /** Lower bound in characters under which a strategy merges a piece into a neighbour (structural only). */
  minChars?: number;
  /** Upper bound in tokens; honoured only when `countTokens` is given. */
  maxTokens?: number;
  /** A tokenizer's counter, supplied by the runtime (node-llama-cpp) when one is loaded. */
  countTokens?: (text: string) => number;
  /** c99 only: mask, band and stopping coefficient (defaults in C99_DEFAULTS). */
  c99?: C99Parameters;
}

/** A model-free strategy: deterministic, synchronous, pure. */
export interface RuleStrategy {
  name: string;
  description: string;
  segment(text: string, options: RuleStrategyOptions): { segmentation: Segmentation; warnings: SegmentationWarning[] };
}
