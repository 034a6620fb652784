import { segmentationFromCuts } from '../document/segmentation';
import { confidenceNotes } from './confidence';
import type { Segmentation, SegmentationWarning, SegmentNote } from '../document/types';
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

/** What a rule strategy's own code returns: where it cuts, as it found them, and its warnings. */
export interface RuleCuts {
  /**
   * Offsets in [0, text.length], each at a safe boundary (never inside a surrogate pair or a
   * CRLF); in any order, repeats allowed. Kept raw so that tests can check the strategy itself:
   * `segment` normalises them, which would hide a strategy that cuts where it must not.
   */
  cuts: readonly number[];
  warnings: SegmentationWarning[];
  /** Notes by segment start, for the segments that start at these cuts (a block continued, say). */
  notes?: ReadonlyMap<number, SegmentNote>;
  /** Where the strategy scores its boundaries: confidence in [0, 1] by cut offset (confidence.ts); cuts without an entry carry none. */
  confidence?: ReadonlyMap<number, number>;
}

/**
 * A model-free strategy: its declaration (name, description, its own options) and its code.
 * Deterministic, synchronous, pure. `cut` and `segment` get the size options and its own options
 * in one object (own option keys never repeat a shared one: a declaration test checks).
 */
export interface RuleStrategy<N extends string = string, O extends OptionDeclarations = OptionDeclarations> extends StrategyDeclaration<N, O> {
  kind: 'rules';
  cut(text: string, options: RuleStrategyOptions & OptionValues<O>): RuleCuts;
  /** `cut`, as a segmentation (segmentationFromCuts). */
  segment(text: string, options: RuleStrategyOptions & OptionValues<O>): { segmentation: Segmentation; warnings: SegmentationWarning[] };
}

/** A rule strategy from its declaration and `cut`; types `cut`'s options from the declared ones, keeping the literal name. */
export function defineRuleStrategy<const N extends string, const O extends OptionDeclarations>(strategy: Omit<RuleStrategy<N, O>, 'segment'>): RuleStrategy<N, O> {
  return {
    ...strategy,
    segment(text, options) {
      const { cuts, warnings, notes, confidence } = strategy.cut(text, options);
      return { segmentation: segmentationFromCuts(text, cuts, confidenceNotes(confidence, notes)), warnings };
    },
  };
}
