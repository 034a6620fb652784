/**
 * Dense scores for the retrieval test: the cosine between a question's embedding and each chunk's,
 * by the host's embedding model (the one `learned` uses: the host's setting, else an installed
 * model declaring a pooling type). Chunk vectors are kept per document and model, by the chunk's
 * range: a document's text never changes under its id, so a range names one text, and asking
 * again (each key typed, an edit that moves one boundary) embeds only the question and the chunks
 * not seen yet. The vectors are kept for the last few documents asked about.
 */
import { embedPassages } from '../learn/embeddings';

/** Documents whose chunk vectors are kept (the least recently asked is let go first). */
const DOCUMENTS_KEPT = 4;

export interface DenseScoresRequest {
  modelFile: string;
  documentId: string;
  text: string;
  ranges: readonly (readonly [number, number])[];
  question: string;
  threads?: number | string;
  signal?: AbortSignal;
}

/** Unit length, so the cosine is a dot product; a zero vector (no tokens) stays zero and scores 0. */
function normalized(vector: readonly number[]): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}

export class DenseScorer {
  /** `${model}\n${documentId}` → range key → unit vector; in the order last asked. */
  private readonly cache = new Map<string, Map<string, Float32Array>>();
  /** How many chunks were embedded (not found kept): for tests and the benchmark. */
  embeddedChunks = 0;

  /** One cosine per range, in [-1, 1]; none for an empty question. */
  async scores(request: DenseScoresRequest): Promise<number[]> {
    if (request.question.trim() === '') return [];
    const key = `${request.modelFile}\n${request.documentId}`;
    const vectors = this.cache.get(key) ?? new Map<string, Float32Array>();
    this.cache.delete(key);
    this.cache.set(key, vectors);
    while (this.cache.size > DOCUMENTS_KEPT) this.cache.delete(this.cache.keys().next().value as string);

    const rangeKey = ([start, end]: readonly [number, number]) => `${start}:${end}`;
    const missing = [...new Set(request.ranges.map(rangeKey))].filter((k) => !vectors.has(k));
    const options = { threads: request.threads, signal: request.signal };
    if (missing.length > 0) {
      const texts = missing.map((k) => {
        const [start, end] = k.split(':').map(Number) as [number, number];
        return request.text.slice(start, end);
      });
      const embedded = await embedPassages(request.modelFile, texts, options);
      missing.forEach((k, i) => vectors.set(k, normalized(embedded[i] ?? [])));
      this.embeddedChunks += missing.length;
    }
    const [question] = await embedPassages(request.modelFile, [request.question], options);
    const q = normalized(question ?? []);
    return request.ranges.map((range) => dot(q, vectors.get(rangeKey(range))!));
  }
}
