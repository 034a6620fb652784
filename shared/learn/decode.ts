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

/** The decoder's segment cohesion term: weight times table[j][j - 1 - i] for the segment of units i .. j - 1 (cohesion.ts). */
export interface CohesionTerm {
  weight: number;
  table: readonly Float64Array[];
}

export function decodeCuts(textLength: number, offsets: readonly number[], scores: readonly number[], prior: LengthPrior, cohesion?: CohesionTerm): number[] {
  const positions = [0, ...offsets, textLength];
  const m = positions.length;
  const useCohesion = cohesion !== undefined && cohesion.weight !== 0;
  const best = new Float64Array(m).fill(-Infinity);
  const from = new Int32Array(m).fill(-1);
  best[0] = 0;
  const longest = longestConsidered(prior);
  for (let j = 1; j < m; j++) {
    const pj = positions[j] as number;
    const own = j === m - 1 ? 0 : (scores[j - 1] as number);
    for (let i = j - 1; i >= 0 && j - i <= MAX_PREDECESSORS; i--) {
      const length = pj - (positions[i] as number);
      if (length > longest && i < j - 1) break;
      let value = (best[i] as number) + lengthLogPrior(prior, length) + own;
      if (useCohesion) value += cohesion.weight * ((cohesion.table[j] as Float64Array)[j - 1 - i] as number);
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
