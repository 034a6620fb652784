/**
 * The size limits the person set in the Run panel (Max chars, Max tokens) as numbers: what the
 * outline marks segments over, what `L` jumps to, and whether token counts for Max tokens are
 * wanted. An empty field (or one that is not a positive whole number) sets no limit.
 */
import { useUiStore, type RunForm } from './ui';

export interface SizeLimits {
  maxChars: number | null;
  /** Counted with MAX_TOKENS_TOKENIZER (shared/strategies/run-options.ts), as the runs count it. */
  maxTokens: number | null;
}

function parseLimit(raw = ''): number | null {
  const value = Number(raw.trim());
  return raw.trim() !== '' && Number.isInteger(value) && value > 0 ? value : null;
}

export function sizeLimitsOf(form: Pick<RunForm, 'maxChars' | 'maxTokens'>): SizeLimits {
  return { maxChars: parseLimit(form.maxChars), maxTokens: parseLimit(form.maxTokens) };
}

export function sizeLimitsNow(): SizeLimits {
  return sizeLimitsOf(useUiStore.getState().runForm);
}

export function useSizeLimits(): SizeLimits {
  const maxChars = useUiStore((s) => parseLimit(s.runForm.maxChars));
  const maxTokens = useUiStore((s) => parseLimit(s.runForm.maxTokens));
  return { maxChars, maxTokens };
}
