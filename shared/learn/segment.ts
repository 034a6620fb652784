/** The `learned` strategy's segmentation of a text with a trained model: checked cuts, optional size limits. */
import { segmentationFromCuts } from '../document/segmentation';
import type { Segmentation, SegmentationWarning } from '../document/types';
import { confidenceByOffset, confidenceNotes, probabilityConfidence } from '../strategies/confidence';
import { cutsForOptionalLimits } from '../strategies/optional-limits';
import type { RuleStrategyOptions } from '../strategies/types';
import { predictCuts, type DocumentEmbeddings, type LearnedModel } from './model';

export const LEARNED_STRATEGY_NAME = 'learned';
export const LEARNED_DESCRIPTION = 'A boundary classifier trained on your corrections (or a corpus): readable features, a learned segment-length prior. Needs a model (Train from corrections, or cli train).';

/** `embeddings`: the text's sentence embeddings, needed when the model used embeddings. */
export function segmentWithModel(
  text: string,
  model: LearnedModel,
  options: RuleStrategyOptions = {},
  embeddings?: DocumentEmbeddings,
): { segmentation: Segmentation; warnings: SegmentationWarning[] } {
  // The classifier's probability at each cut it made (confidence.ts); size-limit cuts have none.
  let probabilityAt = new Map<number, number>();
  const cuts = predictCuts(model, text, embeddings, (offsets, logOdds) => {
    probabilityAt = new Map(offsets.map((offset, i) => [offset, logOdds[i] as number]));
  });
  const confidence = confidenceByOffset(cuts.map((cut) => [cut, probabilityConfidence(probabilityAt.get(cut) ?? Number.NaN)] as const));
  const limited = cutsForOptionalLimits(text, cuts, options);
  return { segmentation: segmentationFromCuts(text, [...cuts, ...limited.cuts], confidenceNotes(confidence)), warnings: limited.warnings };
}
