/**
 * A q-gram index over the normalized text, used to find where a noisy head might be before the
 * (comparatively slow) alignment runs: every q-gram the head shares with the text votes for the
 * diagonal "text position minus head position", and only the best-voted stretches are aligned.
 */
import { lowerBound } from '../util/lower-bound';

export const Q = 3;
const BUCKET_BITS = 20;
const MASK = (1 << BUCKET_BITS) - 1;
/** Votes are counted per stretch of this many diagonals, so small indels still add up. */
const BIN_SHIFT = 3;

function gramHash(s: string, at: number): number {
  let h = 0;
  for (let k = 0; k < Q; k++) h = (Math.imul(h, 0x01000193) ^ s.charCodeAt(at + k)) >>> 0;
  return h & MASK;
}

export interface QGramIndex {
  /** bucketStart[h] .. bucketStart[h + 1]: the slice of `positions` for hash h. */
  bucketStart: Int32Array;
  /** Positions of every q-gram, grouped by hash, ascending within a group. */
  positions: Int32Array;
  /** Scratch vote counters, one per bin of diagonals (kept zeroed between calls). */
  votes: Int32Array;
}

export function buildQGramIndex(chars: string): QGramIndex {
  const count = Math.max(0, chars.length - Q + 1);
  const hashes = new Int32Array(count);
  const bucketStart = new Int32Array((1 << BUCKET_BITS) + 1);
  for (let i = 0; i < count; i++) {
    const h = gramHash(chars, i);
    hashes[i] = h;
    bucketStart[h + 1] = (bucketStart[h + 1] as number) + 1;
  }
  for (let h = 0; h < 1 << BUCKET_BITS; h++) bucketStart[h + 1] = (bucketStart[h + 1] as number) + (bucketStart[h] as number);
  const fill = bucketStart.slice(0, 1 << BUCKET_BITS);
  const positions = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const h = hashes[i] as number;
    const slot = fill[h] as number;
    positions[slot] = i;
    fill[h] = slot + 1;
  }
  return { bucketStart, positions, votes: new Int32Array((count >> BIN_SHIFT) + 2) };
}

/** Start positions (ascending, from `from` on, at most `limit`) where `pattern` occurs exactly in `chars`. */
export function occurrences(index: QGramIndex, chars: string, pattern: string, from: number, limit: number): number[] {
  const found: number[] = [];
  if (pattern.length < Q) {
    for (let at = chars.indexOf(pattern, from); at >= 0 && found.length < limit; at = chars.indexOf(pattern, at + 1)) found.push(at);
    return found;
  }
  // Walk the positions of the pattern's rarest q-gram and verify each.
  let best: [number, number, number] | null = null;
  for (let j = 0; j + Q <= pattern.length; j++) {
    const h = gramHash(pattern, j);
    const end = index.bucketStart[h + 1] as number;
    const lo = lowerBound(index.positions, from + j, index.bucketStart[h] as number, end);
    if (best === null || end - lo < best[2] - best[1]) best = [j, lo, end];
  }
  const [j, lo, hi] = best as [number, number, number];
  for (let k = lo; k < hi && found.length < limit; k++) {
    const start = (index.positions[k] as number) - j;
    if (chars.startsWith(pattern, start)) found.push(start);
  }
  return found;
}

export interface Candidate {
  /** Approximate text position where the head would start. */
  diagonal: number;
  votes: number;
}

/**
 * Stretches of normalized text in [from, to) that share the most q-grams with `pattern`, best
 * first (ties: earlier first). q-grams seen more than `maxHits` times in the range are skipped
 * as uninformative unless nothing else is left.
 */
export function candidateDiagonals(index: QGramIndex, pattern: string, from: number, to: number, limit: number, maxHits: number): Candidate[] {
  const grams = pattern.length - Q + 1;
  const ranges: Array<[number, number, number]> = [];
  for (let j = 0; j < grams; j++) {
    const h = gramHash(pattern, j);
    const bucketEnd = index.bucketStart[h + 1] as number;
    const lo = lowerBound(index.positions, from + j, index.bucketStart[h] as number, bucketEnd);
    const hi = lowerBound(index.positions, to + j, lo, bucketEnd);
    if (hi > lo) ranges.push([j, lo, hi]);
  }
  const informative = ranges.filter(([, lo, hi]) => hi - lo <= maxHits);
  const votes = index.votes;
  const touched: number[] = [];
  for (const [j, lo, hi] of informative.length > 0 ? informative : ranges) {
    let lastBin = -1;
    for (let k = lo; k < hi; k++) {
      // Diagonals before the text start count for bin 0: the head began before the q-gram did.
      const bin = Math.max(0, (index.positions[k] as number) - j) >> BIN_SHIFT;
      if (bin === lastBin) continue; // one vote per q-gram occurrence per bin
      lastBin = bin;
      if (votes[bin] === 0) touched.push(bin);
      votes[bin] = (votes[bin] as number) + 1;
    }
  }
  // A stretch needs a fair share of the head's q-grams to be worth aligning.
  const minVotes = Math.max(2, Math.ceil(grams * 0.15));
  const ranked: Candidate[] = [];
  for (const bin of touched) {
    const v = (votes[bin] as number) + ((votes[bin + 1] as number) >> 1);
    if (v >= minVotes) ranked.push({ diagonal: bin << BIN_SHIFT, votes: v });
  }
  for (const bin of touched) votes[bin] = 0;
  ranked.sort((a, b) => b.votes - a.votes || a.diagonal - b.diagonal);
  return ranked.slice(0, limit);
}
