/**
 * Training as "Train from corrections" and `cli train` do it: the model on every document, the
 * k-fold held-out figures, and what a person reads of it (strongest features, typical segment,
 * embedding model).
 */
import type { LearnedTrainingReport } from '../workspace/types';
import { crossValidate } from './cross-validate';
import { topFeatures, trainPrepared, type LearnedModel, type PreparedDocument } from './model';
import { withTrainingDefaults, type TrainingOptions } from './training-options';

export const CROSS_VALIDATION_FOLDS = 5;

export type TrainingSummary = Pick<LearnedTrainingReport, 'trainedAt' | 'documents' | 'crossValidation' | 'topFeatures' | 'typicalSegmentChars' | 'embeddingModel' | 'options'>;

export function trainWithSummary(prepared: readonly PreparedDocument[], given?: Partial<TrainingOptions>): { model: LearnedModel; summary: TrainingSummary } {
  const options = withTrainingDefaults(given);
  const crossValidation = crossValidate(prepared, CROSS_VALIDATION_FOLDS, options);
  const model = trainPrepared(prepared, undefined, true, undefined, options);
  return {
    model,
    summary: {
      trainedAt: model.trainedAt,
      documents: model.trainedOn.map((d) => d.name),
      crossValidation,
      topFeatures: topFeatures(model, 8),
      typicalSegmentChars: Math.round(Math.exp(model.lengthPrior.logMean)),
      embeddingModel: model.embedding?.name ?? null,
      options,
    },
  };
}
