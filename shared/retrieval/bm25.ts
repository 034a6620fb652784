/**
 * Okapi BM25 over a fixed set of passages (Robertson & Zaragoza 2009), with the usual
 * defaults k1 = 1.2, b = 0.75 and the non-negative idf ln(1 + (N - df + 0.5) / (df + 0.5)).
 * The one implementation: the workbench's retrieval test (segment-search.ts) and the benchmark's
 * retrieval check (bench/retrieval/check.ts) both use it.
 *
 * Tokens are ROUGE-L's (lower-cased runs of letters, digits and marks; one per CJK character), so
 * that retrieval and its score see the same words; no stemming, so results do not depend on an
 * English-only stemmer.
 */
import { rougeTokens as tokenize } from '../metrics/rouge-l';

export interface Bm25Options {
  k1?: number;
  b?: number;
}

export interface Bm25Index {
  readonly size: number;
  /** Indices of the best `k` passages for the query, best first; ties go to the lower index. */
  search(query: string, k: number): Bm25Hit[];
}

export interface Bm25Hit {
  index: number;
  score: number;
}

export function buildBm25Index(passages: readonly string[], options: Bm25Options = {}): Bm25Index {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  // Postings: term -> flat pairs (passage index, term frequency), built once; flat, so that a
  // 5 MB document's million postings are not a million small arrays.
  const postings = new Map<string, number[]>();
  const lengths = new Float64Array(passages.length);
  const counts = new Map<string, number>();
  passages.forEach((passage, index) => {
    counts.clear();
    const tokens = tokenize(passage);
    lengths[index] = tokens.length;
    for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = postings.get(term);
      if (list) list.push(index, tf);
      else postings.set(term, [index, tf]);
    }
  });
  const n = passages.length;
  const avgLength = n === 0 ? 0 : lengths.reduce((s, l) => s + l, 0) / n;

  return {
    size: n,
    search(query: string, k: number): Bm25Hit[] {
      const scores = new Map<number, number>();
      for (const term of new Set(tokenize(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const df = list.length / 2;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        for (let p = 0; p < list.length; p += 2) {
          const index = list[p] as number;
          const tf = list[p + 1] as number;
          const norm = avgLength === 0 ? 1 : 1 - b + (b * (lengths[index] ?? 0)) / avgLength;
          const add = (idf * tf * (k1 + 1)) / (tf + k1 * norm);
          scores.set(index, (scores.get(index) ?? 0) + add);
        }
      }
      return [...scores]
        .map(([index, score]) => ({ index, score }))
        .sort((x, y) => y.score - x.score || x.index - y.index)
        .slice(0, Math.max(0, k));
    },
  };
}
