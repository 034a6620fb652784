/** Segment count and length statistics, in characters (UTF-16 code units). */

export interface SegmentStats {
  count: number;
  meanChars: number;
  medianChars: number;
  minChars: number;
  maxChars: number;
}

/** Lengths of the segments that `boundaries` cut a text of `length` characters into. */
export function segmentLengths(boundaries: readonly number[], length: number): number[] {
  if (length === 0) return [];
  const starts = [0, ...boundaries];
  return starts.map((start, i) => (boundaries[i] ?? length) - start);
}

/** Count, mean, median (the middle length, or the mean of the two middle ones), min and max; zeros when empty. */
export function lengthStats(lengths: readonly number[]): SegmentStats {
  if (lengths.length === 0) return { count: 0, meanChars: 0, medianChars: 0, minChars: 0, maxChars: 0 };
  const sorted = [...lengths].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const total = sorted.reduce((sum, n) => sum + n, 0);
  return {
    count: sorted.length,
    meanChars: total / sorted.length,
    medianChars: median,
    minChars: sorted[0]!,
    maxChars: sorted[sorted.length - 1]!,
  };
}

export function segmentStats(boundaries: readonly number[], length: number): SegmentStats {
  return lengthStats(segmentLengths(boundaries, length));
}
