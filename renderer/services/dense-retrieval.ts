/**
 * The retrieval test's dense scores, asked of the host (its embedding model embeds the question
 * and the chunks; it keeps chunk vectors per document, so each question costs one embedding).
 */
import type { IndexedRange } from '../../shared/retrieval/segment-search';
import { reportError } from './errors';
import { workbench } from './workbench';

/** The host's embedding model's name, or null when it has none (BM25 only). */
export async function denseModel(documentId: string): Promise<string | null> {
  try {
    return (await workbench().denseScores({ documentId, question: '', ranges: [] })).model;
  } catch (err) {
    reportError('Could not ask for the embedding model', err);
    return null;
  }
}

/** One cosine per range, or null when the host cannot score (no model, or a failure it reported). */
export async function denseScores(documentId: string, question: string, ranges: readonly IndexedRange[]): Promise<number[] | null> {
  try {
    const answer = await workbench().denseScores({ documentId, question, ranges: ranges.map((r) => [r.start, r.end] as [number, number]) });
    return answer.model === null ? null : answer.scores;
  } catch (err) {
    reportError('Could not score the chunks by the embedding model', err);
    return null;
  }
}
