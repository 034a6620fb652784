/**
 * Runs strategies over a corpus and measures them against its gold segmentation: the seed's
 * figures (segments, mean length, time, embedding size), the segmentation error rates, and the
 * BM25 retrieval check.
 */
import { chunkExtras, type ChunkOptions, type TokenCounter } from '../../shared/chunks';
import { describeDocument } from '../../shared/document/document-info';
import type { DocumentInfo, SegmentationResult } from '../../shared/document/types';
import { countMatches, windowScores } from '../../shared/metrics';
import { retrievalCheck, type IndexedChunk, type SegmentedDocument } from '../retrieval/check';
import { generateQuestions } from '../retrieval/questions';
import type { LoadedCorpus } from '../../electron/corpus/corpus-files';
import { runBounded } from '../../electron/services/platform/run-bounded';
import { EMBEDDING_BYTES_PER_SEGMENT, type StrategyFigures } from './types';

export interface StrategyRunner {
  kind: 'rules' | 'model';
  /**
   * Documents segmented at once (default 1). More than one only where runs do not compete for one
   * machine's cores: on inference servers, whose shared pool bounds the requests in flight.
   */
  documentsAtOnce?: number;
  run(request: { text: string; info: DocumentInfo; strategy: string }, signal?: AbortSignal): Promise<SegmentationResult>;
}

export interface QualitySettings {
  tolerance: number;
  questionsPerDocument: number;
  questionSeed: string;
  /** Index each segment as an export with these retrieval options would write it (its `content`). */
  chunks?: { options: ChunkOptions; countTokens?: TokenCounter };
}

export interface QualityProgress {
  strategy: string;
  document: number;
  documents: number;
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;
}

export function questionsFor(corpus: LoadedCorpus, settings: QualitySettings) {
  return generateQuestions(corpus.documents, {
    seed: settings.questionSeed,
    perDocument: settings.questionsPerDocument,
    skipHeadings: corpus.manifest.keepsHeadings === true,
  });
}

/** Each segment as the export would write it: its content, covering from before the segment when overlap is inlined. */
function chunksOf(result: SegmentationResult, text: string, settings: QualitySettings): { chunks?: IndexedChunk[] } {
  if (!settings.chunks) return {};
  const { options, countTokens } = settings.chunks;
  const extras = chunkExtras(result, text, options, countTokens);
  if (extras.length === 0) return {};
  const cuts = [0, ...result.segmentation.boundaries, text.length];
  return {
    chunks: extras.map((e, i) => {
      const start = cuts[i] as number;
      const inlined = options.overlap?.inline ? (e.context_before?.length ?? 0) : 0;
      return { text: e.content ?? text.slice(start, cuts[i + 1]), start: start - inlined };
    }),
  };
}

export async function measureStrategy(
  corpus: LoadedCorpus,
  strategy: string,
  runner: StrategyRunner,
  settings: QualitySettings,
  onProgress: (p: QualityProgress) => void = () => {},
): Promise<StrategyFigures> {
  const segmented: SegmentedDocument[] = [];
  const pks: number[] = [];
  const windowDiffs: number[] = [];
  let matches = 0;
  let predictedBoundaries = 0;
  let goldBoundaries = 0;
  let segments = 0;
  let chars = 0;
  let warnings = 0;

  // The documents are segmented first (several at once where the runner allows), then measured in
  // corpus order, so the figures do not depend on the order in which runs finish. `seconds` is the
  // wall-clock time of the segmenting.
  const documents = corpus.documents;
  let started = 0;
  const clock = performance.now();
  const documentsAtOnce = runner.documentsAtOnce ?? 1;
  const results = await runBounded(documents.length, documentsAtOnce, undefined, (i, signal) => {
    onProgress({ strategy, document: started++, documents: documents.length });
    const doc = documents[i]!;
    return runner.run({ text: doc.text, info: describeDocument(`${doc.id}.txt`, doc.text), strategy }, signal);
  });
  const seconds = (performance.now() - clock) / 1000;

  for (const [i, doc] of documents.entries()) {
    const result = results[i]!;
    const predicted = result.segmentation.boundaries;
    segmented.push({ text: doc.text, boundaries: predicted, ...chunksOf(result, doc.text, settings) });
    const windows = windowScores(doc.boundaries, predicted, doc.text.length);
    pks.push(windows.pk);
    windowDiffs.push(windows.windowDiff);
    matches += countMatches(doc.boundaries, predicted, settings.tolerance);
    predictedBoundaries += predicted.length;
    goldBoundaries += doc.boundaries.length;
    segments += result.segmentation.notes.length;
    chars += doc.text.length;
    warnings += result.warnings.length;
  }
  // Same empty-case conventions as shared/metrics' boundaryScores.
  const precision = predictedBoundaries ? matches / predictedBoundaries : 1;
  const recall = goldBoundaries ? matches / goldBoundaries : 1;
  return {
    kind: runner.kind,
    documents: corpus.documents.length,
    segments,
    meanChars: segments ? chars / segments : 0,
    pk: mean(pks),
    windowDiff: mean(windowDiffs),
    precision,
    recall,
    f1: matches ? (2 * precision * recall) / (precision + recall) : predictedBoundaries + goldBoundaries === 0 ? 1 : 0,
    seconds,
    documentsAtOnce,
    embeddingBytes: segments * EMBEDDING_BYTES_PER_SEGMENT,
    warnings,
    retrieval: retrievalCheck(questionsFor(corpus, settings), segmented),
  };
}
