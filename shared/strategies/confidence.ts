/**
 * A boundary's confidence in [0, 1], from the score its own strategy chose it by (documented in
 * docs/core-strategies.md, "Confidence per boundary"):
 *
 * - `learned`: the classifier's probability that the cut point is a boundary, sigmoid(log-odds).
 * - `texttiling`: the gap's depth score, placed on the document's own depths: the logistic of
 *   (depth − mean) / sd over every gap's depth (a gap at the mean depth is 0.5).
 * - `c99`: the split's density gain (how much the inside density D rose when it was made), the
 *   same logistic over the gains of every split the clustering made.
 * - the model strategies, where the local trie decoder chose the head: the chosen token's margin
 *   over the best token leading to another head or the end (marginConfidence).
 *
 * Each is monotone (non-decreasing) in its score; rounded to 4 decimals so exports stay short. A
 * score that is not a finite number gives no confidence (the boundary carries none), never NaN.
 */
import type { SegmentNote } from '../document/types';

/** Where a document's scores lie: their mean and (population) standard deviation. */
export interface ScoreScale {
  mean: number;
  sd: number;
}

const DECIMALS = 1e4;

function rounded(value: number): number {
  return Math.round(value * DECIMALS) / DECIMALS;
}

function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** The mean and sd of the finite values (0 and 0 for none). */
export function scaleOf(values: Iterable<number>): ScoreScale {
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    n++;
    sum += v;
    squares += v * v;
  }
  if (n === 0) return { mean: 0, sd: 0 };
  const mean = sum / n;
  return { mean, sd: Math.sqrt(Math.max(0, squares / n - mean * mean)) };
}

/**
 * A score placed on its document's scale: logistic((score − mean) / sd); 0.5 when every score is
 * the same (sd 0: nothing tells the boundaries apart); undefined for a score that is not a number.
 */
export function confidenceOnScale(score: number, scale: ScoreScale): number | undefined {
  if (!Number.isFinite(score) || !Number.isFinite(scale.mean) || !Number.isFinite(scale.sd)) return undefined;
  if (!(scale.sd > 0)) return 0.5;
  return rounded(logistic((score - scale.mean) / scale.sd));
}

/** texttiling: a gap's depth score on the scale of every gap's depth. */
export const depthConfidence = confidenceOnScale;

/** c99: a split's density gain on the scale of every split's gain. */
export const densityGainConfidence = confidenceOnScale;

/** learned: the classifier's probability, sigmoid(log-odds). */
export function probabilityConfidence(logOdds: number): number | undefined {
  return Number.isFinite(logOdds) ? rounded(logistic(logOdds)) : undefined;
}

/**
 * Model strategies (simple, topic, summary; the local trie decoder): the chosen token's probability
 * minus its best rival's, both from the softmax over the tokens allowed at that step, where the
 * rival leads to another head or to the end (a margin in [0, 1]; 0 where the rival was as likely,
 * below zero clamped to 0: the repeat penalty can make the decoder take a token the raw logits put
 * second). Monotone in the margin. Undefined for a probability that is not a number in [0, 1].
 */
export function marginConfidence(chosen: number, rival: number): number | undefined {
  if (!(chosen >= 0 && chosen <= 1 && rival >= 0 && rival <= 1)) return undefined;
  return rounded(Math.max(0, chosen - rival));
}

/**
 * Confidences keyed by cut offset, for cuts that may land on one offset (texttiling snaps gaps to
 * paragraph starts): the surest wins. Offsets at or below 0 are no boundary and get none.
 */
export function confidenceByOffset(entries: Iterable<readonly [offset: number, confidence: number | undefined]>): Map<number, number> {
  const map = new Map<number, number>();
  for (const [offset, confidence] of entries) {
    if (confidence === undefined || !(offset > 0)) continue;
    const known = map.get(offset);
    if (known === undefined || confidence > known) map.set(offset, confidence);
  }
  return map;
}

/**
 * The notes a strategy's confidences make, for segmentationFromCuts: one `{ confidence }` per scored
 * boundary, joined to the notes the strategy gave by segment start (a block continued, say).
 */
export function confidenceNotes(confidence: ReadonlyMap<number, number> | undefined, notes?: ReadonlyMap<number, SegmentNote>): Map<number, SegmentNote> {
  const out = new Map<number, SegmentNote>(notes);
  if (confidence) for (const [offset, value] of confidence) out.set(offset, { ...out.get(offset), confidence: value });
  return out;
}
