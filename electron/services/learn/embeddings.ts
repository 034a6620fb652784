/**
 * Sentence embeddings for the learned strategy's embedding features, from a GGUF model through
 * node-llama-cpp's embedding context. The native handles (llama, model, context) live here and
 * nowhere else; shared/learn gets plain vectors. Each unit of featureUnits(text) is embedded once
 * (cut to the context size), so a document costs one model call per sentence or line.
 */
import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import type { LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';
import type { EmbeddingIdentity } from '../../../shared/learn/embedding-features';
import { featureUnits } from '../../../shared/learn/features';
import { LearnedModelError, type DocumentEmbeddings } from '../../../shared/learn/model';
import { fileSha256 } from '../inference/file-hash';
import { listInstalled } from '../models/inventory';
import { lastLlamaLogLine } from '../llama-log';
import { cpuLlama } from '../tokenizer/token-counter';

/** Tokens embedded per unit at most: sentences are short; a longer unit is cut there (its start says most). */
const UNIT_TOKENS = 512;

export interface Embedder {
  model: EmbeddingIdentity;
  embed(text: string, signal?: AbortSignal): Promise<DocumentEmbeddings>;
  dispose(): Promise<void>;
}

/** The file name, size and sha256 a learned model records of its embedding model. */
export async function identifyEmbeddingModel(file: string): Promise<EmbeddingIdentity> {
  let bytes: number;
  try {
    bytes = (await stat(file)).size;
  } catch {
    throw new LearnedModelError(`no embedding model at ${file}`);
  }
  return { name: basename(file), bytes, sha256: await fileSha256(file) };
}

/** Loads an embedding model on the CPU (threads: default the machine's math cores). */
export async function openEmbedder(file: string, options: { threads?: number } = {}): Promise<Embedder> {
  const identity = await identifyEmbeddingModel(file);
  let model: LlamaModel | undefined;
  let context: LlamaEmbeddingContext;
  let contextSize = UNIT_TOKENS;
  // The process's one CPU llama.cpp (the tokenizers' too); its last log line explains a failure.
  const llama = await cpuLlama();
  const logBefore = lastLlamaLogLine();
  try {
    model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
    contextSize = Math.min(UNIT_TOKENS, model.trainContextSize);
    context = await model.createEmbeddingContext({ contextSize, batchSize: contextSize, threads: options.threads ?? llama.cpuMathCores });
  } catch (err) {
    await model?.dispose();
    const log = lastLlamaLogLine();
    const detail = [(err as Error).message.split('\n')[0], log === logBefore ? '' : log].filter(Boolean).join(': ');
    throw new LearnedModelError(`cannot embed with ${file}: ${detail}`);
  }
  const loaded = model;
  return {
    model: identity,
    async embed(text, signal) {
      const units = featureUnits(text);
      const unitVectors: number[][] = [];
      let dims = 0;
      for (const [u, start] of units.entries()) {
        if (signal?.aborted) throw new DOMException('the run was cancelled', 'AbortError');
        const tokens = loaded.tokenize(text.slice(start, units[u + 1] ?? text.length).trim()).slice(0, contextSize);
        // A unit of only spaces has no tokens: a zero vector, which the features read as "no information".
        const vector = tokens.length === 0 ? [] : [...(await context.getEmbeddingFor(tokens)).vector];
        dims = Math.max(dims, vector.length);
        unitVectors.push(vector);
      }
      return { model: identity, unitVectors: unitVectors.map((v) => (v.length === 0 ? new Array<number>(dims).fill(0) : v)) };
    },
    async dispose() {
      await context.dispose();
      await loaded.dispose();
    },
  };
}

/** Embeds each text with one loaded model, then lets it go. */
export async function embedTexts(file: string, texts: readonly string[], options: { threads?: number; signal?: AbortSignal } = {}): Promise<DocumentEmbeddings[]> {
  const embedder = await openEmbedder(file, options);
  try {
    const out: DocumentEmbeddings[] = [];
    for (const text of texts) out.push(await embedder.embed(text, options.signal));
    return out;
  } finally {
    await embedder.dispose();
  }
}

/**
 * The first installed model that declares itself an embedding model (its GGUF metadata names a
 * pooling type, as embedding conversions do), or null. Generative models can embed too, but only
 * when a person names them (--embedding-model, or the host's embedding-model setting).
 */
export async function findInstalledEmbeddingModel(modelsDir: string): Promise<string | null> {
  // The inventory has read each header once already: its pooling type says it.
  const found = (await listInstalled(modelsDir)).find((entry) => entry.kind === 'model' && entry.problem === undefined && entry.poolingType !== undefined);
  return found?.path ?? null;
}
