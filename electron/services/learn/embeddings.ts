/**
 * Sentence embeddings for the learned strategy's embedding features, from a GGUF model through
 * node-llama-cpp's embedding context. The native handles (llama, model, context) live here and
 * nowhere else; shared/learn gets plain vectors. Each unit of featureUnits(text) is embedded once
 * (cut to the context size), so a document costs one model call per sentence or line.
 */
import { basename, resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import type { LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';
import type { EmbeddingIdentity } from '../../../shared/learn/embedding-features';
import { featureUnits } from '../../../shared/learn/features';
import { LearnedModelError, type DocumentEmbeddings } from '../../../shared/learn/model';
import { fileSha256 } from '../inference/file-hash';
import { listInstalled } from '../models/inventory';
import { lastLlamaLogLine } from '../llama-log';
import { cpuLlama } from '../tokenizer/token-counter';
import { SerialLock } from '../inference/serial-lock';
import { countSetting } from '../strategies/count-setting';
import { checkGgufHeader } from '../../model-files/header-check';

/** Tokens embedded per unit at most: sentences are short; a longer unit is cut there (its start says most). */
const UNIT_TOKENS = 512;

export interface Embedder {
  model: EmbeddingIdentity;
  /** `onUnit`: after each sentence (or line) embedded, for progress. */
  embed(text: string, signal?: AbortSignal, onUnit?: () => void): Promise<DocumentEmbeddings>;
  /**
   * One vector per passage (a chunk, a question), each cut to the context (its start says most);
   * an empty passage gets an empty vector. For the retrieval test's dense scores.
   */
  embedPassages(passages: readonly string[], signal?: AbortSignal): Promise<number[][]>;
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

/**
 * Loads an embedding model on the CPU. `threads`: a run option or the host's setting as the user
 * gave it (WORKBENCH_THREADS), checked here; default the machine's math cores.
 */
export async function openEmbedder(file: string, options: { threads?: number | string } = {}): Promise<Embedder> {
  const threads = countSetting('threads', options.threads);
  const identity = await identifyEmbeddingModel(file);
  let model: LlamaModel | undefined;
  let context: LlamaEmbeddingContext;
  let contextSize = UNIT_TOKENS;
  // The process's one CPU llama.cpp (the tokenizers' too); its last log line explains a failure.
  const llama = await cpuLlama();
  const logBefore = lastLlamaLogLine();
  try {
    // llama.cpp trusts the header's counts: bounded first (header-check.ts).
    await checkGgufHeader(file);
    model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
    contextSize = Math.min(UNIT_TOKENS, model.trainContextSize);
    context = await model.createEmbeddingContext({ contextSize, batchSize: contextSize, threads: threads ?? llama.cpuMathCores });
  } catch (err) {
    await model?.dispose();
    const log = lastLlamaLogLine();
    const detail = [(err as Error).message.split('\n')[0], log === logBefore ? '' : log].filter(Boolean).join(': ');
    throw new LearnedModelError(`cannot embed with ${file}: ${detail}`);
  }
  const loaded = model;
  return {
    model: identity,
    async embed(text, signal, onUnit) {
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
        onUnit?.();
      }
      return { model: identity, unitVectors: unitVectors.map((v) => (v.length === 0 ? new Array<number>(dims).fill(0) : v)) };
    },
    async embedPassages(passages, signal) {
      const out: number[][] = [];
      for (const passage of passages) {
        if (signal?.aborted) throw new DOMException('the request was cancelled', 'AbortError');
        const tokens = loaded.tokenize(passage.trim()).slice(0, contextSize);
        out.push(tokens.length === 0 ? [] : [...(await context.getEmbeddingFor(tokens)).vector]);
      }
      return out;
    },
    async dispose() {
      await context.dispose();
      await loaded.dispose();
    },
  };
}

/** How long a loaded embedding model waits for the next document before it is let go. */
const IDLE_MS = 20_000;

interface SharedEmbedder {
  embedder: Promise<Embedder>;
  /** One embedding context: one document at a time. */
  lock: SerialLock;
  users: number;
  idle?: ReturnType<typeof setTimeout>;
}

/** The process's loaded embedding models, by file, size, modification time and threads. */
const loaded = new Map<string, SharedEmbedder>();

async function sharedKey(file: string, threads: number | undefined): Promise<string> {
  try {
    const info = await stat(file);
    return `${resolve(file)}\n${info.size}:${info.mtimeMs}\n${threads ?? ''}`;
  } catch {
    throw new LearnedModelError(`no embedding model at ${file}`);
  }
}

/** How many embedding models this process holds loaded now (each loaded once, however many documents use it). */
export function loadedEmbeddingModels(): number {
  return loaded.size;
}

/**
 * Embeds one text with the process's loaded copy of the model: loaded on first use and kept while
 * documents keep coming (a batch run of `learned` loads it once, not per document), let go after
 * IDLE_MS without use. Documents wait their turn for its one context.
 */
export async function embedText(file: string, text: string, options: { threads?: number | string; signal?: AbortSignal } = {}): Promise<DocumentEmbeddings> {
  return withSharedEmbedder(file, options, (embedder) => embedder.embed(text, options.signal));
}

/** Embeds passages (one vector each) with the process's loaded copy of the model, as embedText does documents. */
export async function embedPassages(file: string, passages: readonly string[], options: { threads?: number | string; signal?: AbortSignal } = {}): Promise<number[][]> {
  return withSharedEmbedder(file, options, (embedder) => embedder.embedPassages(passages, options.signal));
}

async function withSharedEmbedder<T>(file: string, options: { threads?: number | string; signal?: AbortSignal }, work: (embedder: Embedder) => Promise<T>): Promise<T> {
  const threads = countSetting('threads', options.threads);
  const key = await sharedKey(file, threads);
  let entry = loaded.get(key);
  if (!entry) {
    const created: SharedEmbedder = { embedder: openEmbedder(file, { threads }), lock: new SerialLock(), users: 0 };
    // A failed load is forgotten, so the next document tries again (and says why again).
    created.embedder.catch(() => {
      if (loaded.get(key) === created) loaded.delete(key);
    });
    loaded.set(key, created);
    entry = created;
  }
  const mine = entry;
  mine.users++;
  if (mine.idle) clearTimeout(mine.idle);
  try {
    const embedder = await mine.embedder;
    return await mine.lock.run(() => work(embedder), options.signal);
  } finally {
    if (--mine.users === 0 && loaded.get(key) === mine) {
      mine.idle = setTimeout(() => {
        loaded.delete(key);
        void mine.embedder.then((e) => e.dispose()).catch(() => {});
      }, IDLE_MS);
      // A waiting model does not keep a finished CLI run alive.
      mine.idle.unref?.();
    }
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
