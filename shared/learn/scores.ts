/** Pk, WindowDiff (mean over documents) and boundary F1 (micro, exact offsets) of predictions against gold. */
import { countMatches, windowScores } from '../metrics';

export interface HeldOutScores {
  documents: number;
  pk: number;
  windowDiff: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface ScoredPrediction {
  length: number;
  gold: readonly number[];
  predicted: readonly number[];
}

export function scorePredictions(items: readonly ScoredPrediction[]): HeldOutScores {
  let pk = 0;
  let windowDiff = 0;
  let matched = 0;
  let predicted = 0;
  let gold = 0;
  for (const item of items) {
    const windows = windowScores(item.gold, item.predicted, item.length);
    pk += windows.pk;
    windowDiff += windows.windowDiff;
    matched += countMatches(item.gold, item.predicted, 0);
    predicted += item.predicted.length;
    gold += item.gold.length;
  }
  const n = Math.max(1, items.length);
  const precision = predicted ? matched / predicted : 1;
  const recall = gold ? matched / gold : 1;
  const f1 = matched ? (2 * precision * recall) / (precision + recall) : predicted + gold === 0 ? 1 : 0;
  return { documents: items.length, pk: pk / n, windowDiff: windowDiff / n, precision, recall, f1 };
}
