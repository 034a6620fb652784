/** Token counts the host gave, by segment range, for one document and tokenizer at a time (services/token-counts.ts). */
import { create } from 'zustand';

export interface TokenCountsState {
  /** `documentId|tokenizer` the counts are for; null before any. */
  key: string | null;
  tokenizer: string | null;
  /** By `start:end`. */
  counts: ReadonlyMap<string, number>;
  use(documentId: string, tokenizer: string): void;
  clear(): void;
  add(documentId: string, tokenizer: string, ranges: readonly [number, number][], counts: readonly number[]): void;
}

export const useTokenCounts = create<TokenCountsState>()((set, get) => ({
  key: null,
  tokenizer: null,
  counts: new Map(),
  use: (documentId, tokenizer) => {
    const key = `${documentId}|${tokenizer}`;
    if (get().key !== key) set({ key, tokenizer, counts: new Map() });
  },
  clear: () => {
    if (get().key !== null) set({ key: null, tokenizer: null, counts: new Map() });
  },
  add: (documentId, tokenizer, ranges, counts) => {
    if (get().key !== `${documentId}|${tokenizer}`) return;
    const next = new Map(get().counts);
    ranges.forEach(([s, e], i) => next.set(`${s}:${e}`, counts[i]!));
    set({ counts: next });
  },
}));

/** The count of text[start, end) by the chosen tokenizer, or null while unknown (or none chosen). */
export function useTokenCount(start: number, end: number): number | null {
  return useTokenCounts((s) => s.counts.get(`${start}:${end}`) ?? null);
}
