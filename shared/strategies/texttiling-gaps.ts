/**
 * TextTiling's gap picking (steps 5 to 7 of texttiling.ts), each linear or n log n in the number of
 * gaps: a 20 MB text has some 150,000 gaps, so anything quadratic here costs minutes.
 */
import { lowerBound } from '../util/lower-bound';

/**
 * Depth of each gap below the peaks on either side. The peak on the left of gap i is where the
 * climb leftwards over non-decreasing scores stops; when score[i - 1] >= score[i] that climb goes
 * on exactly as gap i - 1's, so it is gap i - 1's peak: one pass each way, linear in the gaps.
 */
export function depthScores(scores: number[]): number[] {
  const n = scores.length;
  const leftPeak = new Float64Array(n);
  const rightPeak = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    leftPeak[i] = i > 0 && (scores[i - 1] as number) >= (scores[i] as number) ? (leftPeak[i - 1] as number) : (scores[i] as number);
  }
  for (let i = n - 1; i >= 0; i--) {
    rightPeak[i] = i < n - 1 && (scores[i + 1] as number) >= (scores[i] as number) ? (rightPeak[i + 1] as number) : (scores[i] as number);
  }
  return scores.map((score, i) => (leftPeak[i] as number) - score + ((rightPeak[i] as number) - score));
}

/** Gap indices chosen as boundaries (gap g lies before pseudo-sentence g + 1). */
export function chooseGaps(depths: number[], minGapDistance: number): number[] {
  if (depths.length === 0) return [];
  const mean = depths.reduce((a, b) => a + b, 0) / depths.length;
  const sd = Math.sqrt(depths.reduce((a, d) => a + (d - mean) ** 2, 0) / depths.length);
  const cutoff = mean - sd / 2;
  const order = depths.map((d, g) => [d, g] as const).filter(([d]) => d > cutoff && d > 0);
  // Deepest first; equal depths in text order, so the result is deterministic.
  order.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  // A gap is skipped when one already taken lies within minGapDistance: a constant-size look-around.
  const taken = new Uint8Array(depths.length);
  const chosen: number[] = [];
  for (const [, g] of order) {
    let near = false;
    for (let c = Math.max(0, g - minGapDistance); c <= Math.min(depths.length - 1, g + minGapDistance) && !near; c++) near = taken[c] === 1;
    if (near) continue;
    taken[g] = 1;
    chosen.push(g);
  }
  return chosen.sort((a, b) => a - b);
}

/** The value of `sorted` nearest to `offset`, at most maxDistance away (the earlier on a tie), by binary search. */
export function nearest(sorted: number[], offset: number, maxDistance: number): number | null {
  const i = lowerBound(sorted, offset);
  const below = i > 0 ? (sorted[i - 1] as number) : null;
  const above = i < sorted.length ? (sorted[i] as number) : null;
  let best: number | null = null;
  if (below !== null && offset - below <= maxDistance) best = below;
  if (above !== null && above - offset <= maxDistance && (best === null || above - offset < offset - best)) best = above;
  return best;
}
