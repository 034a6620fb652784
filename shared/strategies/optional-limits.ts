/**
 * For the topic strategies (c99, learned): size limits apply only when the caller gives them,
 * since a topic segment is as long as its topic. Splits each piece that breaks them with the
 * shared splitter and returns the extra cuts and the over-limit warnings.
 */
import type { SegmentationWarning } from '../document/types';
import { overLimitWarnings, resolveLimits, splitToFit } from './limits';
import type { RuleStrategyOptions } from './types';

export function cutsForOptionalLimits(text: string, cuts: readonly number[], options: RuleStrategyOptions): { cuts: number[]; warnings: SegmentationWarning[] } {
  const extra: number[] = [];
  const warnings: SegmentationWarning[] = [];
  if (options.maxChars === undefined && !(options.maxTokens !== undefined && options.countTokens)) return { cuts: extra, warnings };
  const limits = resolveLimits(options, Number.MAX_SAFE_INTEGER);
  const starts = [0, ...[...new Set(cuts.filter((c) => c > 0 && c < text.length))].sort((a, b) => a - b)];
  for (let i = 0; i < starts.length; i++) {
    const split = splitToFit(text, starts[i] as number, starts[i + 1] ?? text.length, limits);
    extra.push(...split.cuts);
    warnings.push(...overLimitWarnings(split.overLimit, limits, 'no boundary inside it satisfies the limits'));
  }
  return { cuts: extra, warnings };
}
