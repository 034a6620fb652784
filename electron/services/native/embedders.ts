/**
 * Embedding models on the CPU runtime: a model and its one embedding context, owned here. Each
 * model embeds one batch of texts at a time: `embed` takes the model's own lock inside, so
 * documents that share a loaded model wait their turn. `embedShared` keeps one loaded copy per
 * file (and thread count) while documents keep coming and lets it go after IDLE_MS without use.
 * Callers get plain vectors; what the texts are (sentences, lines) is learn/'s business.
 */
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import type { LlamaEmbeddingContext, LlamaModel, Token } from 'node-llama-cpp';
import { checkGgufHeader } from '../../model-files/header-check';
import { lastLlamaLogLine } from '../platform/llama-log';
import { cpuLlama } from './cpu-runtime';
import { abortError } from './errors';
import { SerialLock } from './serial-lock';
import { nativeStateChanged, provideNativeState } from './state';
import { firstLine } from '../../../shared/text/first-line';
import { disposeOnExit } from './dispose-on-exit';

/** Tokens embedded per text at most: sentences are short; a longer one is cut there (its start says most). */
const UNIT_TOKENS = 512;
/** How long a shared embedding model waits for the next document before it is let go. */
const IDLE_MS = 20_000;

export interface EmbeddingModel {
  /** One vector per text (an empty one for a text with no tokens); `onText` after each, for progress. */
  embed(texts: readonly string[], signal?: AbortSignal, onText?: () => void): Promise<number[][]>;
  dispose(): Promise<void>;
}

/** The file is not an embedding model llama.cpp can load; `detail` says why (its message and log). */
export class EmbedderLoadError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'EmbedderLoadError';
  }
}

/** Loads an embedding model on the CPU; `threads`: default the machine's math cores. */
export async function openEmbeddingModel(file: string, options: { threads?: number } = {}): Promise<EmbeddingModel> {
  let model: LlamaModel | undefined;
  let context: LlamaEmbeddingContext;
  let contextSize = UNIT_TOKENS;
  const llama = await cpuLlama();
  // The CPU runtime's last log line explains a failure.
  const logBefore = lastLlamaLogLine();
  try {
    // llama.cpp trusts the header's counts: bounded first (header-check.ts).
    await checkGgufHeader(file);
    model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
    contextSize = Math.min(UNIT_TOKENS, model.trainContextSize);
    context = await model.createEmbeddingContext({ contextSize, batchSize: contextSize, threads: options.threads ?? llama.cpuMathCores });
  } catch (err) {
    await model?.dispose();
    const log = lastLlamaLogLine();
    throw new EmbedderLoadError([firstLine(err), log === logBefore ? '' : log].filter(Boolean).join(': '));
  }
  const loaded = model;
  /**
   * The text's first tokens, as many as the context embeds: getEmbeddingFor adds the model's
   * begin and end tokens and refuses an input that then fills the whole context ("longer than the
   * usable context size"), so a cut at the context size alone failed every long chunk (and with it
   * the whole batch: the retrieval test's longer chunks never scored).
   */
  const fitted = (tokens: Token[]): Token[] => {
    const cut = tokens.slice(0, contextSize);
    const over = cut.length === 0 ? 0 : context.calculateInputLength(cut) - (contextSize - 1);
    return over > 0 ? cut.slice(0, cut.length - over) : cut;
  };
  // One embedding context: one caller at a time.
  const lock = new SerialLock();
  return {
    embed: (texts, signal, onText) =>
      lock.run(async () => {
        const vectors: number[][] = [];
        for (const text of texts) {
          if (signal?.aborted) throw abortError();
          const tokens = fitted(loaded.tokenize(text));
          vectors.push(tokens.length === 0 ? [] : [...(await context.getEmbeddingFor(tokens)).vector]);
          onText?.();
        }
        return vectors;
      }, signal),
    dispose: () => lock.run(async () => {
      await context.dispose();
      await loaded.dispose();
    }),
  };
}

interface SharedModel {
  file: string;
  model: Promise<EmbeddingModel>;
  users: number;
  idle?: ReturnType<typeof setTimeout>;
}

/** The process's shared embedding models, by file, size, modification time and threads. */
const shared = new Map<string, SharedModel>();
provideNativeState('embedders', () => [...shared.values()].map((s) => s.file));

async function sharedKey(file: string, threads: number | undefined): Promise<string> {
  const info = await stat(file);
  return `${resolve(file)}\n${info.size}:${info.mtimeMs}\n${threads ?? ''}`;
}

/** How many shared embedding models this process holds loaded now. */
export function loadedEmbeddingModels(): number {
  return shared.size;
}

function letGo(key: string, entry: SharedModel): void {
  if (shared.get(key) !== entry) return;
  shared.delete(key);
  nativeStateChanged();
  void entry.model.then((m) => m.dispose(), () => undefined);
}

/**
 * Embeds texts with the process's loaded copy of the model: loaded on first use and kept while
 * documents keep coming (a batch run loads it once, not per document), let go after IDLE_MS.
 */
export async function embedShared(file: string, texts: readonly string[], options: { threads?: number; signal?: AbortSignal } = {}): Promise<number[][]> {
  const key = await sharedKey(file, options.threads);
  let entry = shared.get(key);
  if (!entry) {
    const created: SharedModel = { file: resolve(file), model: openEmbeddingModel(file, { threads: options.threads }), users: 0 };
    // A failed load is forgotten, so the next document tries again (and says why again).
    created.model.catch(() => {
      if (shared.get(key) === created) shared.delete(key);
      nativeStateChanged();
    });
    shared.set(key, created);
    hookExit();
    nativeStateChanged();
    entry = created;
  }
  const mine = entry;
  mine.users++;
  if (mine.idle) clearTimeout(mine.idle);
  try {
    return await (await mine.model).embed(texts, options.signal);
  } finally {
    if (--mine.users === 0 && shared.get(key) === mine) {
      mine.idle = setTimeout(() => letGo(key, mine), IDLE_MS);
      // A waiting model does not keep a finished CLI run alive.
      mine.idle.unref?.();
    }
  }
}

/** Frees every shared embedding model (the host is closing). */
export async function disposeEmbedders(): Promise<void> {
  const all = [...shared];
  for (const [, entry] of all) if (entry.idle) clearTimeout(entry.idle);
  shared.clear();
  nativeStateChanged();
  await Promise.all(all.map(([, e]) => e.model.then((m) => m.dispose(), () => undefined)));
}

/** Frees what is loaded when the host's event loop runs dry. */
const hookExit = disposeOnExit(disposeEmbedders);
