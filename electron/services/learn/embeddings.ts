/**
 * Sentence embeddings for the learned strategy's embedding features, from a GGUF model loaded by
 * the native owner (native/embedders.ts, which alone holds the handles and the lock of each model's
 * one context); shared/learn gets plain vectors. Each unit of featureUnits(text) is embedded once
 * (cut to the context size), so a document costs one model call per sentence or line.
 */
import { basename } from 'node:path';
import { stat } from 'node:fs/promises';
import type { EmbeddingIdentity } from '../../../shared/learn/embedding-features';
import { featureUnits } from '../../../shared/learn/features';
import { LearnedModelError, type DocumentEmbeddings } from '../../../shared/learn/model';
import { fileSha256 } from '../inference/file-hash';
import { listInstalled } from '../models/inventory';
import { EmbedderLoadError, embedShared, loadedEmbeddingModels, openEmbeddingModel } from '../native/embedders';
import { countSetting } from '../inference/count-setting';

export interface Embedder {
  model: EmbeddingIdentity;
  /** `onUnit`: after each sentence (or line) embedded, for progress. */
  embed(text: string, signal?: AbortSignal, onUnit?: () => void): Promise<DocumentEmbeddings>;
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

/** Vectors for the feature units of a text: a unit with no tokens gets zeros (no information). */
function documentEmbeddings(identity: EmbeddingIdentity, vectors: number[][]): DocumentEmbeddings {
  const dims = vectors.reduce((n, v) => Math.max(n, v.length), 0);
  return { model: identity, unitVectors: vectors.map((v) => (v.length === 0 ? new Array<number>(dims).fill(0) : v)) };
}

/** The texts a document's embeddings are made of: each unit of featureUnits(text), trimmed. */
function unitTexts(text: string): string[] {
  const units = featureUnits(text);
  return units.map((start, u) => text.slice(start, units[u + 1] ?? text.length).trim());
}

async function opening<T>(file: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (err) {
    if (err instanceof EmbedderLoadError) throw new LearnedModelError(`cannot embed with ${file}: ${err.detail}`);
    throw err;
  }
}

/**
 * Loads an embedding model of its own (training: disposed after). `threads`: a run option or the
 * host's setting as the user gave it (WORKBENCH_THREADS), checked here; default the machine's math cores.
 */
export async function openEmbedder(file: string, options: { threads?: number | string } = {}): Promise<Embedder> {
  const threads = countSetting('threads', options.threads);
  const identity = await identifyEmbeddingModel(file);
  const model = await opening(file, () => openEmbeddingModel(file, { threads }));
  return {
    model: identity,
    embed: async (text, signal, onUnit) => documentEmbeddings(identity, await model.embed(unitTexts(text), signal, onUnit)),
    dispose: () => model.dispose(),
  };
}

/**
 * Embeds one text with the native owner's shared copy of the model (native/embedders.ts): loaded
 * on first use and kept while documents keep coming (a batch run of `learned` loads it once, not
 * per document). Documents wait their turn for its one context.
 */
export async function embedText(file: string, text: string, options: { threads?: number | string; signal?: AbortSignal } = {}): Promise<DocumentEmbeddings> {
  const threads = countSetting('threads', options.threads);
  const identity = await identifyEmbeddingModel(file);
  return documentEmbeddings(identity, await opening(file, () => embedShared(file, unitTexts(text), { threads, signal: options.signal })));
}

/** Embeds passages (one vector each, trimmed) with the same shared copy of the model, as embedText does documents. */
export async function embedPassages(file: string, passages: readonly string[], options: { threads?: number | string; signal?: AbortSignal } = {}): Promise<number[][]> {
  const threads = countSetting('threads', options.threads);
  return opening(file, () => embedShared(file, passages.map((p) => p.trim()), { threads, signal: options.signal }));
}

export { loadedEmbeddingModels };

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
