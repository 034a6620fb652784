import { basename } from 'node:path';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import type { DenseScorer } from '../../retrieval/dense-scores';
import type { HandlerScope, Handlers } from './types';

/**
 * The retrieval test's dense scores (BM25 runs in the page, over the same chunks): the host's
 * embedding model scores the chunks the page names against the question. No embedding model
 * answers `model: null` and no scores, so the page shows BM25 only.
 */
export function retrievalHandlers(scope: HandlerScope): Handlers<'denseScores'> {
  const { documents, settings } = scope;
  // node-llama-cpp loads on the first question, never at start-up.
  let scorer: Promise<DenseScorer> | null = null;
  return {
    denseScores: async ({ documentId, question, ranges }) => {
      const modelFile = await settings.embeddingModel();
      if (modelFile === null) return { model: null, scores: [] };
      const { text } = documents.get(documentId);
      for (const [start, end] of ranges) {
        if (start > end || end > text.length) throw new WorkbenchError(wireErrorCodes.invalidParams, `the chunk ${start}–${end} is not a range of the document (${text.length} characters)`);
      }
      scorer ??= import('../../retrieval/dense-scores').then(({ DenseScorer }) => new DenseScorer());
      const scores = await (await scorer).scores({ modelFile, documentId, text, ranges, question, threads: settings.threads });
      return { model: basename(modelFile), scores };
    },
  };
}
