/**
 * The `learned` strategy behind runStrategy: loads the model file the options name and segments
 * with it. Size limits only when given (maxChars; maxTokens with the runtime's counter). A model
 * trained with embeddings gets the text embedded by the embedding model the options name, which
 * must be the one it was trained with (checked by sha256 before it is loaded); the embedding model
 * stays loaded between documents (embeddings.ts, embedText), so a batch run loads it once.
 */
import { assertValidSegmentation } from '../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../shared/document/types';
import type { LearnedRunMeta } from '../../../shared/document/run-meta';
import { embeddingModelNeeded, LearnedModelError } from '../../../shared/learn/model';
import { LEARNED_STRATEGY_NAME, segmentWithModel } from '../../../shared/learn/segment';
import type { RunStrategyHooks, RunStrategyRequest } from '../strategies/types';
import { embedText, identifyEmbeddingModel } from './embeddings';
import { readLearnedModel } from './model-file';

export async function runLearned(request: RunStrategyRequest, hooks: RunStrategyHooks = {}): Promise<SegmentationResult<LearnedRunMeta>> {
  const { signal } = hooks;
  const { text, info, options } = request;
  if (!options.learnedModelFile) {
    throw new LearnedModelError('the learned strategy needs a model: train one with Train from corrections in the workspace').withCliHint('or train one with cli train and give it with --model-file');
  }
  const model = await readLearnedModel(options.learnedModelFile);
  const embeddingFile = model.embedding === null ? undefined : options.embeddingModelFile;
  const refusal = embeddingModelNeeded(model, embeddingFile === undefined ? null : await identifyEmbeddingModel(embeddingFile));
  if (refusal) throw refusal;
  if (signal?.aborted) throw new DOMException('the run was cancelled', 'AbortError');
  const embeddings = embeddingFile === undefined ? undefined : await embedText(embeddingFile, text, { threads: options.threads ?? request.settings?.threads, signal });
  const { segmentation, warnings } = segmentWithModel(text, model, { maxChars: options.maxChars, maxTokens: options.maxTokens, countTokens: request.countTokens }, embeddings);
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
      ...(model.embedding ? { embeddingModel: model.embedding.name } : {}),
      ...(options.maxChars !== undefined ? { options: { maxChars: options.maxChars } } : {}),
    },
  };
}
