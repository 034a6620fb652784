/**
 * Max chars and Max tokens for the strategies whose cuts the rules do not make (the models and
 * `learned`): an over-long segment they return is split by the structural rules
 * (shared/strategies/enforce-limits.ts), with a warning. Without either option nothing changes.
 */
import type { SegmentationResult } from '../../../shared/document/types';
import { enforceLimits } from '../../../shared/strategies/enforce-limits';
import { resolveLimits } from '../../../shared/strategies/limits';
import { tokenCounterFor } from './rule-runner';
import type { RunStrategyRequest } from './types';

export async function withinLimits(request: RunStrategyRequest, result: SegmentationResult): Promise<SegmentationResult> {
  const { options, text } = request;
  if (options.maxChars === undefined && options.maxTokens === undefined) return result;
  const tokens = options.maxTokens !== undefined && !request.countTokens ? await tokenCounterFor(options, request.settings ?? {}) : {};
  const countTokens = request.countTokens ?? tokens.countTokens;
  // No character limit asked for: only the token one (the whole text is the most a segment can be).
  const limits = resolveLimits({ maxChars: options.maxChars, maxTokens: options.maxTokens, countTokens }, Math.max(1, text.length));
  const enforced = enforceLimits(text, result.segmentation, limits, result.strategy);
  const warnings = [...result.warnings, ...enforced.warnings];
  if (options.maxTokens !== undefined && !countTokens) {
    warnings.push({ code: 'max-tokens-ignored', message: `max-tokens needs a tokenizer, and none could be loaded (${tokens.problem}): only the character limit was applied` });
  }
  if (enforced.segmentation === result.segmentation && warnings.length === result.warnings.length) return result;
  return { ...result, segmentation: enforced.segmentation, warnings };
}
