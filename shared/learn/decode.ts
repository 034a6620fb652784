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

export function decodeCuts(textLength: number, offsets: readonly number[], scores: readonly number[], prior: LengthPrior): number[] {
  const positions = [0, ...offsets, textLength];
  const m = positions.length;
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
      const value = (best[i] as number) + lengthLogPrior(prior, length) + own;
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
