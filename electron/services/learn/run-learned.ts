/**
 * The `learned` strategy behind runStrategy: loads the model file the options name and segments
 * with it. Size limits only when given (maxChars; maxTokens with the runtime's counter).
 */
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../shared/document/types';
import { LearnedModelError } from '../../../shared/learn/model';
import { LEARNED_STRATEGY_NAME, segmentWithModel } from '../../../shared/learn/segment';
import type { RunStrategyHooks, RunStrategyRequest } from '../strategies/types';
import { readLearnedModel } from './model-file';

export async function runLearned(request: RunStrategyRequest, hooks: RunStrategyHooks = {}): Promise<SegmentationResult> {
  const { signal } = hooks;
  const { text, info, options } = request;
  if (!options.learnedModelFile) {
    throw new LearnedModelError('the learned strategy needs a model: train one (cli train, or Train from corrections in the workspace) and give it with --model-file');
  }
  const model = await readLearnedModel(options.learnedModelFile);
  if (signal?.aborted) throw new DOMException('the run was cancelled', 'AbortError');
  const { segmentation, warnings } = segmentWithModel(text, model, { maxChars: options.maxChars, maxTokens: options.maxTokens, countTokens: request.countTokens });
  assertValidSegmentation(text, segmentation);
  return {
    document: info,
    strategy: LEARNED_STRATEGY_NAME,
    segmentation,
    warnings,
    meta: {
      kind: 'rules',
      model: options.learnedModelFile,
      trainedOn: model.trainedOn.length,
      trainedAt: model.trainedAt,
      ...(options.maxChars !== undefined ? { options: { maxChars: options.maxChars } } : {}),
    },
  };
}
