/**
 * Token counts the host gave, by segment range, for one document at a time and by tokenizer
 * (services/token-counts.ts): the tokenizer the person picked to show (the export's choice) and,
 * while Max tokens is set, the one that limit counts with (MAX_TOKENS_TOKENIZER). A document's text
 * never changes under its id, so a range's count stays good until another document is shown.
 */
import { create } from 'zustand';

const NONE: ReadonlyMap<string, number> = new Map();

export interface TokenCountsState {
  /** The document the counts are for; null before any. */
  documentId: string | null;
  /** The tokenizer whose counts are shown; null when none is picked. */
  tokenizer: string | null;
  /** By tokenizer, then by `start:end`. */
  byTokenizer: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** The shown tokenizer's counts (empty when none is picked). */
  counts: ReadonlyMap<string, number>;
  /** Counts for this document from now on, showing `tokenizer`'s (null: none shown). */
  use(documentId: string, tokenizer: string | null): void;
  clear(): void;
  add(documentId: string, tokenizer: string, ranges: readonly [number, number][], counts: readonly number[]): void;
}

export const useTokenCounts = create<TokenCountsState>()((set, get) => ({
  documentId: null,
  tokenizer: null,
  byTokenizer: new Map(),
  counts: NONE,
  use: (documentId, tokenizer) => {
    const sameDocument = get().documentId === documentId;
    if (sameDocument && get().tokenizer === tokenizer) return;
    const byTokenizer = sameDocument ? get().byTokenizer : new Map<string, ReadonlyMap<string, number>>();
    set({ documentId, tokenizer, byTokenizer, counts: (tokenizer !== null && byTokenizer.get(tokenizer)) || NONE });
  },
  clear: () => {
    if (get().documentId !== null) set({ documentId: null, tokenizer: null, byTokenizer: new Map(), counts: NONE });
  },
  add: (documentId, tokenizer, ranges, counts) => {
    if (get().documentId !== documentId) return;
    const next = new Map(get().byTokenizer.get(tokenizer) ?? NONE);
    ranges.forEach(([s, e], i) => next.set(`${s}:${e}`, counts[i]!));
    const byTokenizer = new Map(get().byTokenizer).set(tokenizer, next);
    set({ byTokenizer, ...(get().tokenizer === tokenizer ? { counts: next } : {}) });
  },
}));

/** The count of text[start, end) by the chosen tokenizer, or null while unknown (or none chosen). */
export function useTokenCount(start: number, end: number): number | null {
  return useTokenCounts((s) => s.counts.get(`${start}:${end}`) ?? null);
}

/** One tokenizer's counts of this document so far (empty while none are known). */
export function countsBy(state: TokenCountsState, tokenizer: string): ReadonlyMap<string, number> {
  return state.byTokenizer.get(tokenizer) ?? NONE;
}
