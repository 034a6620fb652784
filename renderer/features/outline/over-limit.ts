/**
 * Which segments are over the size limits the person set in the Run panel: longer than Max chars,
 * or more tokens than Max tokens (counted by the host with the tokenizer the runs count with,
 * MAX_TOKENS_TOKENIZER, whatever tokenizer the export shows). Marked in the outline; `L` jumps to
 * the next by the same rule. With both fields empty, no segment is over; a segment whose tokens
 * are not counted yet is judged by its characters alone until they are.
 */
import { MAX_TOKENS_TOKENIZER } from '../../../shared/strategies/run-options';
import type { SizeLimits } from '../../stores/size-limits';
import { countsBy, useTokenCounts } from '../../stores/token-counts';

export type OverLimit = 'chars' | 'tokens' | null;

/** Which limit a segment of `chars` characters and `tokens` tokens (null: not counted yet) is over, if any. */
export function overLimit(chars: number, tokens: number | null, limits: SizeLimits): OverLimit {
  if (limits.maxChars !== null && chars > limits.maxChars) return 'chars';
  if (limits.maxTokens !== null && tokens !== null && tokens > limits.maxTokens) return 'tokens';
  return null;
}

/** Counts by MAX_TOKENS_TOKENIZER, by `start:end` (empty until the host has counted). */
export function useLimitTokenCounts(): ReadonlyMap<string, number> {
  return useTokenCounts((s) => countsBy(s, MAX_TOKENS_TOKENIZER));
}

export function limitTokenCountsNow(): ReadonlyMap<string, number> {
  return countsBy(useTokenCounts.getState(), MAX_TOKENS_TOKENIZER);
}

/** "1,500 chars", "512 tokens" or both, for messages. */
export function describeLimits(limits: SizeLimits): string {
  const parts = [
    limits.maxChars !== null ? `${limits.maxChars.toLocaleString('en-US')} chars` : null,
    limits.maxTokens !== null ? `${limits.maxTokens.toLocaleString('en-US')} tokens` : null,
  ];
  return parts.filter(Boolean).join(' or ');
}
