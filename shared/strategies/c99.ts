/**
 * `c99`: Choi's C99 (Advances in domain independent linear text segmentation, NAACL 2000), the
 * classic model-free segmenter that beats TextTiling on Choi's data set:
 *
 * 1. Units are sentences (`sentenceStarts`: every sentence and every non-blank line that does not only continue a wrapped paragraph); each is a
 *    vector of stemmed content-word counts (`shared/text/content-words.ts`).
 * 2. Similarity of two sentences: the cosine of their vectors.
 * 3. Rank transform: each cell becomes the share of its neighbours in an m x m mask (default 11)
 *    with a lower similarity, which makes the matrix's contrast local.
 * 4. Divisive clustering: starting from one segment, repeatedly make the split that maximises the
 *    inside density D = sum of rank values inside the diagonal blocks / their area.
 * 5. Stopping rule: the gradient of D over the number of segments is smoothed with the mask
 *    {1,2,4,8,4,2,1}; the number of segments is the last one whose gradient exceeds
 *    mean + c * sd (c = 1.2).
 *
 * Linear memory: the matrix is kept only as a band of `band` sentences on each side of the
 * diagonal (default 100), n * (band + 1) float32 cells, and the rank mask and block sums read only
 * cells inside the band (a block longer than the band counts only its in-band area). Sentences
 * more than a band apart are never compared: a topic is judged by its neighbourhood, as in
 * TextTiling. The clustering also stops after `C99_DEFAULTS.maxSegments` splits, so its time is
 * O(n * (band * m^2 + splits)).
 */
import { cosineOf, unitTermCounts } from '../text/content-words';
import { sentenceStarts } from '../text/sentences';
import { cutsForOptionalLimits } from './optional-limits';
import { defineRuleStrategy } from './types';
import { confidenceByOffset, densityGainConfidence, scaleOf } from './confidence';

export { C99_DEFAULTS, C99_OPTIONS, resolveC99Parameters, type C99Parameters } from './c99-parameters';
import { C99_DEFAULTS, C99_OPTIONS, resolveC99Parameters, type C99Parameters } from './c99-parameters';

/** A symmetric n x n matrix stored as its upper band: cell (i, j), i <= j <= i + band. */
export class BandMatrix {
  readonly cells: Float32Array;
  constructor(
    readonly n: number,
    readonly band: number,
  ) {
    this.cells = new Float32Array(n * (band + 1));
  }
  inBand(i: number, j: number): boolean {
    return Math.abs(i - j) <= this.band;
  }
  get(i: number, j: number): number {
    return i <= j ? (this.cells[i * (this.band + 1) + (j - i)] as number) : (this.cells[j * (this.band + 1) + (i - j)] as number);
  }
  set(i: number, j: number, value: number): void {
    this.cells[i * (this.band + 1) + (j - i)] = value;
  }
}

export function similarityMatrix(vectors: ReadonlyArray<ReadonlyMap<number, number>>, band: number): BandMatrix {
  const matrix = new BandMatrix(vectors.length, band);
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i; j < Math.min(vectors.length, i + band + 1); j++) matrix.set(i, j, cosineOf(vectors[i] as Map<number, number>, vectors[j] as Map<number, number>));
  }
  return matrix;
}

/** Choi's rank transform: the share of in-matrix, in-band mask neighbours with a lower value. */
export function rankMatrix(similarity: BandMatrix, mask: number): BandMatrix {
  const { n, band } = similarity;
  const h = (mask - 1) / 2;
  const rank = new BandMatrix(n, band);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < Math.min(n, i + band + 1); j++) {
      const value = similarity.get(i, j);
      let lower = 0;
      let seen = 0;
      for (let x = Math.max(0, i - h); x <= Math.min(n - 1, i + h); x++) {
        for (let y = Math.max(0, j - h, x - band); y <= Math.min(n - 1, j + h, x + band); y++) {
          if (x === i && y === j) continue;
          seen++;
          if (similarity.get(x, y) < value) lower++;
        }
      }
      rank.set(i, j, seen === 0 ? 0 : lower / seen);
    }
  }
  return rank;
}

/** Cells of an L x L diagonal block that lie inside the band. */
function bandArea(length: number, band: number): number {
  const outside = length > band + 1 ? (length - band - 1) * (length - band) : 0;
  return length * length - outside;
}

interface Block {
  start: number;
  end: number;
  sum: number;
  area: number;
  /** For each split point s in (start, end): the change of the total sum and area if split there. */
  splitSum: Float64Array;
  splitArea: Float64Array;
}

/** Rank sums of the diagonal blocks [start, s) and [s, end) for every s, in O(length * band). */
function makeBlock(rank: BandMatrix, start: number, end: number): Block {
  const { band } = rank;
  const length = end - start;
  // upperLeft[t]: upper triangle (with diagonal) of [start, start + t); upperRight[t]: of [start + t, end).
  const upperLeft = new Float64Array(length + 1);
  const diagLeft = new Float64Array(length + 1);
  for (let t = 0; t < length; t++) {
    const s = start + t;
    let column = 0;
    for (let i = Math.max(start, s - band); i <= s; i++) column += rank.get(i, s);
    upperLeft[t + 1] = (upperLeft[t] as number) + column;
    diagLeft[t + 1] = (diagLeft[t] as number) + rank.get(s, s);
  }
  const upperRight = new Float64Array(length + 1);
  for (let t = length - 1; t >= 0; t--) {
    const s = start + t;
    let row = 0;
    for (let j = s; j <= Math.min(end - 1, s + band); j++) row += rank.get(s, j);
    upperRight[t] = (upperRight[t + 1] as number) + row;
  }
  const diagTotal = diagLeft[length] as number;
  const sum = 2 * (upperLeft[length] as number) - diagTotal;
  const area = bandArea(length, band);
  const splitSum = new Float64Array(Math.max(0, length - 1));
  const splitArea = new Float64Array(Math.max(0, length - 1));
  for (let t = 1; t < length; t++) {
    const left = 2 * (upperLeft[t] as number) - (diagLeft[t] as number);
    const right = 2 * (upperRight[t] as number) - (diagTotal - (diagLeft[t] as number));
    splitSum[t - 1] = left + right - sum;
    splitArea[t - 1] = bandArea(t, band) + bandArea(length - t, band) - area;
  }
  return { start, end, sum, area, splitSum, splitArea };
}

/**
 * Divisive clustering: the unit indices where each successive split was made, and the inside
 * density after each number of segments (densities[m - 1] for m segments).
 */
export function divisiveClustering(rank: BandMatrix, maxSegments: number): { splits: number[]; densities: number[] } {
  if (rank.n === 0) return { splits: [], densities: [] };
  let blocks = [makeBlock(rank, 0, rank.n)];
  let total = (blocks[0] as Block).sum;
  let area = (blocks[0] as Block).area;
  const densities = [area === 0 ? 0 : total / area];
  const splits: number[] = [];
  while (blocks.length < Math.min(maxSegments, rank.n)) {
    let best = -Infinity;
    let bestBlock = -1;
    let bestT = -1;
    for (const [b, block] of blocks.entries()) {
      for (let t = 0; t < block.splitSum.length; t++) {
        const density = (total + (block.splitSum[t] as number)) / (area + (block.splitArea[t] as number));
        if (density > best) [best, bestBlock, bestT] = [density, b, t];
      }
    }
    if (bestBlock < 0) break;
    const block = blocks[bestBlock] as Block;
    const at = block.start + bestT + 1;
    total += block.splitSum[bestT] as number;
    area += block.splitArea[bestT] as number;
    blocks = [...blocks.slice(0, bestBlock), makeBlock(rank, block.start, at), makeBlock(rank, at, block.end), ...blocks.slice(bestBlock + 1)];
    splits.push(at);
    densities.push(best);
  }
  return { splits, densities };
}

const GRADIENT_MASK = [1, 2, 4, 8, 4, 2, 1];

/** Choi's stopping rule: how many segments to keep, from the densities of 1, 2, ... segments. */
export function chooseSegmentCount(densities: readonly number[], coefficient: number): number {
  if (densities.length < 3) return 1;
  const gradient = densities.slice(1).map((d, i) => d - (densities[i] as number));
  const h = (GRADIENT_MASK.length - 1) / 2;
  const smoothed = gradient.map((_, i) => {
    let sum = 0;
    let weight = 0;
    for (let k = -h; k <= h; k++) {
      const value = gradient[i + k];
      if (value === undefined) continue;
      sum += (GRADIENT_MASK[k + h] as number) * value;
      weight += GRADIENT_MASK[k + h] as number;
    }
    return sum / weight;
  });
  const mean = smoothed.reduce((a, b) => a + b, 0) / smoothed.length;
  const sd = Math.sqrt(smoothed.reduce((a, g) => a + (g - mean) ** 2, 0) / smoothed.length);
  const threshold = mean + coefficient * sd;
  // gradient[i] is the gain of going from i + 1 to i + 2 segments.
  for (let i = smoothed.length - 1; i >= 0; i--) if ((smoothed[i] as number) > threshold) return i + 2;
  return 1;
}

/**
 * C99's splits in the order it made them (unit indices), how many segments the stopping rule
 * keeps, and each split's density gain (gains[i]: how much D rose with splits[i]).
 */
export function c99Splits(text: string, starts: readonly number[], params: C99Parameters = {}): { splits: number[]; segments: number; gains: number[] } {
  const { mask, band, coefficient } = resolveC99Parameters(params);
  if (starts.length < 3) return { splits: [], segments: 1, gains: [] };
  const rank = rankMatrix(similarityMatrix(unitTermCounts(text, starts), band), mask);
  const { splits, densities } = divisiveClustering(rank, C99_DEFAULTS.maxSegments);
  const gains = splits.map((_, i) => (densities[i + 1] as number) - (densities[i] as number));
  return { splits, segments: chooseSegmentCount(densities, coefficient), gains };
}

/** C99's cuts and each one's confidence: its density gain on the scale of every split's gain (confidence.ts). */
export function c99ScoredCuts(text: string, starts: readonly number[], params: C99Parameters = {}): { cuts: number[]; confidence: Map<number, number> } {
  const { splits, segments, gains } = c99Splits(text, starts, params);
  const kept = splits.slice(0, segments - 1);
  const scale = scaleOf(gains);
  const confidence = confidenceByOffset(kept.map((unit, i) => [starts[unit] as number, densityGainConfidence(gains[i] as number, scale)] as const));
  return { cuts: kept.map((unit) => starts[unit] as number).sort((a, b) => a - b), confidence };
}

/** The sentence starts C99 cuts at, for a text and its sentence starts. */
export function c99Cuts(text: string, starts: readonly number[], params: C99Parameters = {}): number[] {
  const { splits, segments } = c99Splits(text, starts, params);
  return splits.slice(0, segments - 1).map((unit) => starts[unit] as number).sort((a, b) => a - b);
}

export const c99 = defineRuleStrategy({
  name: 'c99',
  kind: 'rules',
  description: "Choi's C99: sentence similarity matrix, rank transform and divisive clustering, stopping where the density gain drops (mask 11, band 100 sentences).",
  cut(text, options) {
    const { mask, band, coefficient } = options;
    const { cuts, confidence } = c99ScoredCuts(text, sentenceStarts(text), { mask, band, coefficient });
    const limited = cutsForOptionalLimits(text, cuts, options);
    return { cuts: [...cuts, ...limited.cuts], warnings: limited.warnings, confidence };
  },
  options: C99_OPTIONS,
});
