/**
 * k-fold held-out figures: each document is predicted by a model trained on the other folds only,
 * so the figures say how the model does on documents it never saw.
 */
import { predictPrepared, trainPrepared, type PreparedDocument } from './model';
import { scorePredictions, type HeldOutScores } from './scores';
import type { TrainingOptions } from './training-options';

export interface CrossValidation extends HeldOutScores {
  folds: number;
}

/** Folds by position (document i goes to fold i mod k); needs at least 2 documents. */
export function crossValidate(docs: readonly PreparedDocument[], folds = 5, options?: Partial<TrainingOptions>): CrossValidation | null {
  const k = Math.min(folds, docs.length);
  if (k < 2) return null;
  const items = [];
  for (let fold = 0; fold < k; fold++) {
    const train = docs.filter((_, i) => i % k !== fold);
    const model = trainPrepared(train, undefined, true, undefined, options);
    for (const [i, doc] of docs.entries()) {
      if (i % k === fold) items.push({ length: doc.length, gold: doc.gold, predicted: predictPrepared(model, doc) });
    }
  }
  return { ...scorePredictions(items), folds: k };
}
