/**
 * Decoding: the set of cuts that maximises the sum of the chosen cut points' scores (their
 * classifier log-odds) plus the length prior of every segment they make, by dynamic programming
 * over the candidate cut points (a semi-Markov chain). Cuts with negative scores are taken only
 * where the prior wants a segment to end; strong cuts are taken unless they make absurdly short
 * segments.
 */
import { lengthLogPrior, longestConsidered, type LengthPrior } from './length-prior';

/** Predecessors looked at per cut point, whatever the prior allows: bounds the time on huge texts. */
const MAX_PREDECESSORS = 4000;

/** The first predecessor the decoder looks at for each position j of [0, ...offsets, textLength]. */
export function decoderReach(textLength: number, offsets: readonly number[], prior: LengthPrior): (j: number) => number {
  const positions = [0, ...offsets, textLength];
  const longest = longestConsidered(prior);
  return (j) => {
    let i = j - 1;
    while (i > 0 && j - (i - 1) <= MAX_PREDECESSORS && (positions[j] as number) - (positions[i - 1] as number) <= longest) i--;
    return i;
  };
}

/**
 * Row j of a per-segment term: at index j - 1 - i, the term of the segment from candidate i to
 * candidate j, for the predecessors the decoder reaches. The returned array may be reused by the
 * next call: a streamed source keeps one row, not the whole table, whose size grows with the
 * candidates times the predecessors (gigabytes on a long novel).
 */
export type SegmentRows = (j: number) => Float64Array;

/** A kept table as rows. */
export function tableRows(table: readonly Float64Array[]): SegmentRows {
  return (j) => table[j] as Float64Array;
}

/** The decoder's segment cohesion term: weight times rows(j)[j - 1 - i] for the segment of units i .. j - 1 (cohesion.ts). */
export interface CohesionTerm {
  weight: number;
  rows: SegmentRows;
}

/** The length prior's shape, −(ln L − μ)² / 2σ², of the segments the decoder looks at, one row at a time. */
export function lengthShapeRows(textLength: number, offsets: readonly number[], prior: LengthPrior): SegmentRows {
  const positions = [0, ...offsets, textLength];
  const reach = decoderReach(textLength, offsets, prior);
  const shape = { ...prior, weight: 1 };
  let buffer = new Float64Array(0);
  return (j) => {
    const first = reach(j);
    if (buffer.length < j - first) buffer = new Float64Array(Math.max(j - first, 2 * buffer.length));
    const row = buffer.subarray(0, j - first);
    for (let i = j - 1; i >= first; i--) row[j - 1 - i] = lengthLogPrior(shape, (positions[j] as number) - (positions[i] as number));
    return row;
  };
}

/**
 * Every row of lengthShapeRows, kept. The shape does not depend on the prior's weight, so training
 * computes it once per document for all the decoding settings it tries.
 */
export function lengthShapeTable(textLength: number, offsets: readonly number[], prior: LengthPrior): Float64Array[] {
  const rowOf = lengthShapeRows(textLength, offsets, prior);
  const rows: Float64Array[] = [new Float64Array(0)];
  for (let j = 1; j <= offsets.length + 1; j++) rows.push(rowOf(j).slice());
  return rows;
}

/**
 * `lengthShape`: the rows of lengthShapeTable(textLength, offsets, prior) when the caller has them
 * (the prior's weight multiplies them here); streamed otherwise.
 */
export function decodeCuts(textLength: number, offsets: readonly number[], scores: readonly number[], prior: LengthPrior, cohesion?: CohesionTerm, lengthShape?: SegmentRows): number[] {
  const positions = [0, ...offsets, textLength];
  const m = positions.length;
  const cohesionWeight = cohesion?.weight ?? 0;
  const shapeOf = lengthShape ?? lengthShapeRows(textLength, offsets, prior);
  const best = new Float64Array(m).fill(-Infinity);
  const from = new Int32Array(m).fill(-1);
  best[0] = 0;
  for (let j = 1; j < m; j++) {
    const own = j === m - 1 ? 0 : (scores[j - 1] as number);
    const row = shapeOf(j);
    const coherence = cohesion && cohesionWeight !== 0 ? cohesion.rows(j) : undefined;
    for (let back = 0; back < row.length; back++) {
      const i = j - 1 - back;
      let value = (best[i] as number) + prior.weight * (row[back] as number) + own;
      if (coherence) value += cohesionWeight * (coherence[back] as number);
      if (value > (best[j] as number)) {
        best[j] = value;
        from[j] = i;
      }
    }
  }
  const cuts: number[] = [];
  for (let j = from[m - 1] as number; j > 0; j = from[j] as number) cuts.push(positions[j] as number);
  return cuts.reverse();
}
