/**
 * The retrieval test: which segments of a segmentation a question would retrieve, by BM25 over the
 * segments as the retrieval exports write them (a segment left out of export is not indexed).
 * An index is built once per (text, segmentation) and asked any number of questions; a question
 * with no word in it retrieves nothing.
 */
import type { Segmentation } from '../document/types';
import { rougeTokens } from '../metrics/rouge-l';
import { buildBm25Index, type Bm25Index } from './bm25';

export interface SegmentHit {
  /** The segment's index in the segmentation (as the outline and the exports number it, from 0). */
  index: number;
  score: number;
  start: number;
  end: number;
}

export interface SegmentSearch {
  /** Segments indexed (those not left out of export). */
  readonly size: number;
  /** The best `k` segments for the question, best first; none for a question without words. */
  search(question: string, k: number): SegmentHit[];
}

/** A segment as retrieval indexes it: its index in the segmentation and its text's range. */
export interface IndexedRange {
  index: number;
  start: number;
  end: number;
}

/** The segments retrieval indexes (every one not left out of export), in order: BM25 and the dense scores index the same. */
export function indexedRanges(textLength: number, segmentation: Segmentation): IndexedRange[] {
  const ranges: IndexedRange[] = [];
  for (let i = 0; i < segmentation.notes.length; i++) {
    if (segmentation.notes[i]?.excluded === true) continue;
    const start = i === 0 ? 0 : (segmentation.boundaries[i - 1] as number);
    const end = i === segmentation.boundaries.length ? textLength : (segmentation.boundaries[i] as number);
    ranges.push({ index: i, start, end });
  }
  return ranges;
}

/** The best `k` of `scores` (one per range), best first, as hits; ties keep document order. */
export function topHits(ranges: readonly IndexedRange[], scores: readonly number[], k: number): SegmentHit[] {
  const order = ranges.map((_, i) => i).filter((i) => Number.isFinite(scores[i]));
  order.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return order.slice(0, k).map((i) => ({ ...(ranges[i] as IndexedRange), score: scores[i] as number }));
}

export function segmentSearch(text: string, segmentation: Segmentation): SegmentSearch {
  const ranges = indexedRanges(text.length, segmentation);
  const index: Bm25Index = buildBm25Index(ranges.map((r) => text.slice(r.start, r.end)));
  return {
    size: index.size,
    search(question, k) {
      if (rougeTokens(question).length === 0) return [];
      return index.search(question, k).map((hit) => ({ ...(ranges[hit.index] as (typeof ranges)[number]), score: hit.score }));
    },
  };
}
