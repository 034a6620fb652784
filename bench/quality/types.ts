import type { ChunkOptions } from '../../shared/chunks';
import type { RetrievalScores } from '../retrieval/check';
import type { MachineInfo } from '../machine';

/** The seed's estimate: one 1024-dimension float32 embedding per segment. */
export const EMBEDDING_DIMENSIONS = 1024;
export const EMBEDDING_BYTES_PER_SEGMENT = EMBEDDING_DIMENSIONS * 4;

export interface StrategyFigures {
  kind: 'rules' | 'model';
  documents: number;
  segments: number;
  /** Characters per segment over the whole corpus. */
  meanChars: number;
  /** Mean over documents (lower is better). */
  pk: number;
  windowDiff: number;
  /** Boundary precision, recall and F1, micro-averaged over every boundary of the corpus. */
  precision: number;
  recall: number;
  f1: number;
  /** Wall-clock time to segment the corpus (documents one after another, or `documentsAtOnce`). */
  seconds: number;
  /** Documents segmented at once: 1, or on inference servers the endpoints' capacity. */
  documentsAtOnce: number;
  embeddingBytes: number;
  /** Warnings the strategy reported (e.g. heads it could not place). */
  warnings: number;
  retrieval: RetrievalScores;
}

export interface QualityReport {
  corpus: {
    name: string;
    dir: string;
    documents: number;
    chars: number;
    goldSegments: number;
    seed: string;
    /** The retrieval check on the gold segments themselves: the reference point. */
    goldRetrieval: RetrievalScores;
  };
  settings: {
    tolerance: number;
    questionsPerDocument: number;
    questionSeed: string;
    /** The export options each segment was indexed with in the retrieval check, when any. */
    chunks?: ChunkOptions;
    embeddingBytesPerSegment: number;
  };
  strategies: Record<string, StrategyFigures>;
  /** The `learned` strategy's model, when one was given: its documents in this corpus are not held out. */
  learned?: { modelFile: string; trainedOn: number; inCorpus: number; embeddingModel: string | null };
  /** Strategies asked for that could not run here, with the reason (e.g. model files missing). */
  skipped: Array<{ strategy: string; reason: string }>;
  /** Strategies that started and failed, with the error; the others' figures are still reported. */
  failed: Array<{ strategy: string; error: string }>;
  machine: MachineInfo;
  date: string;
  command: string;
}
