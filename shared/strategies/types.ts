import type { Segmentation, SegmentationWarning } from '../document/types';
import type { OptionDeclarations, OptionValues, StrategyDeclaration } from './declaration';

/** The size options every rule strategy takes (declared in run-options.ts), and the runtime's token counter. */
export interface RuleStrategyOptions {
  /** Upper bound on a segment's length in characters. */
  maxChars?: number;
  /** Upper bound in tokens; honoured only when `countTokens` is given. */
  maxTokens?: number;
  /** A tokenizer's counter, supplied by the runtime (node-llama-cpp) when one is loaded. */
  countTokens?: (text: string) => number;
}

/** The shared run options a rule strategy reads: the runner passes these and the strategy's own, nothing else. */
export const RULE_SHARED_OPTION_KEYS = ['maxChars', 'maxTokens'] as const satisfies readonly (keyof RuleStrategyOptions)[];

/**
 * A model-free strategy: its declaration (name, description, its own options) and its code.
 * Deterministic, synchronous, pure. `segment` gets the size options and its own options in one
 * object (own option keys never repeat a shared one: strategies.test.ts checks).
 */
export interface RuleStrategy<N extends string = string, O extends OptionDeclarations = OptionDeclarations> extends StrategyDeclaration<N, O> {
  kind: 'rules';
  segment(text: string, options: RuleStrategyOptions & OptionValues<O>): { segmentation: Segmentation; warnings: SegmentationWarning[] };
}

/** Types a rule strategy's `segment` options from its declared ones, keeping the literal name. */
export function defineRuleStrategy<const N extends string, const O extends OptionDeclarations>(strategy: RuleStrategy<N, O>): RuleStrategy<N, O> {
  return strategy;
}
