/**
 * Tokenizers: GGUF vocabularies loaded vocab-only (no weights, no context, megabytes) on the CPU
 * runtime, one per file however many callers use it. A caller leases one and releases it when it is
 * done (a remote run at its end, a token counter when disposed); a released tokenizer stays loaded
 * for the next caller while it is among the IDLE_KEPT most recently used idle ones, and is disposed
 * when it falls out of them, or when the host closes (disposeVocabModels).
 */
import type { LlamaModel, Token } from 'node-llama-cpp';
import { checkGgufHeader } from '../../model-files/header-check';
import { cpuLlama } from './cpu-runtime';
import { nativeStateChanged, provideNativeState } from './state';
import { firstLine } from '../../../shared/text/first-line';
import { disposeOnExit } from './dispose-on-exit';

/** Idle tokenizers kept loaded (the Qwen2 vocabulary, a remote run's base model, one more). */
const IDLE_KEPT = 3;

export interface VocabTokenizer {
  tokenize(text: string, specialTokens?: boolean): Token[];
  detokenize(tokens: readonly Token[]): string;
  /** Tokens every prompt starts with (Qwen2: none). */
  readonly promptPrefix: Token[];
  readonly trainContextSize: number;
  /** The GGUF file the vocabulary comes from. */
  readonly source: string;
}

export interface VocabLease {
  tokenizer: VocabTokenizer;
  /** Lets the tokenizer go (it may stay loaded for the next caller); using it afterwards is a bug. */
  release(): void;
}

/** Why a vocabulary did not load: llama.cpp did not start (`runtime`) or the file is not a GGUF it reads (`file`). */
export class VocabLoadError extends Error {
  constructor(
    readonly stage: 'runtime' | 'file',
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'VocabLoadError';
  }
}

interface Entry {
  model: Promise<LlamaModel>;
  users: number;
  /** When it was last released (for the idle LRU). */
  lastUsed: number;
}

const entries = new Map<string, Entry>();
provideNativeState('tokenizers', () => [...entries.keys()]);

async function load(path: string): Promise<LlamaModel> {
  let llama;
  try {
    llama = await cpuLlama();
  } catch (err) {
    throw new VocabLoadError('runtime', firstLine(err) || String(err));
  }
  try {
    // llama.cpp trusts the header's counts: bounded first (header-check.ts).
    await checkGgufHeader(path);
    return await llama.loadModel({ modelPath: path, vocabOnly: true });
  } catch (err) {
    throw new VocabLoadError('file', firstLine(err) || String(err));
  }
}

/** A loaded model as a tokenizer (the engine's generation model or a vocab-only one). */
export function modelTokenizer(model: LlamaModel, source: string): VocabTokenizer {
  return {
    tokenize: (text, special) => model.tokenize(text, special ?? false),
    detokenize: (tokens) => model.detokenize(tokens),
    promptPrefix: model.tokens.shouldPrependBosToken && model.tokens.bos !== null ? [model.tokens.bos] : [],
    trainContextSize: model.trainContextSize,
    source,
  };
}

function forget(path: string, entry: Entry): void {
  if (entries.get(path) !== entry) return;
  entries.delete(path);
  nativeStateChanged();
  void entry.model.then((m) => m.dispose(), () => undefined);
}

/** Disposes the idle tokenizers beyond the IDLE_KEPT most recently used. */
function trimIdle(): void {
  const idle = [...entries].filter(([, e]) => e.users === 0).sort((a, b) => b[1].lastUsed - a[1].lastUsed);
  for (const [path, entry] of idle.slice(IDLE_KEPT)) forget(path, entry);
}

/** The tokenizer of this GGUF file (an absolute path), loaded on first use; rejects with a VocabLoadError. */
export async function leaseVocab(path: string): Promise<VocabLease> {
  let entry = entries.get(path);
  if (!entry) {
    const created: Entry = { model: load(path), users: 0, lastUsed: 0 };
    entries.set(path, created);
    hookExit();
    // A failed load is not kept: the next caller tries again (and says why again).
    created.model.catch(() => {
      if (entries.get(path) === created) entries.delete(path);
      nativeStateChanged();
    });
    // Whoever disposes it (the CPU runtime going away included), the state stops naming it.
    void created.model.then((m) => m.onDispose.createListener(() => forget(path, created)), () => undefined);
    entry = created;
    nativeStateChanged();
  }
  const mine = entry;
  mine.users++;
  let model: LlamaModel;
  try {
    model = await mine.model;
  } catch (err) {
    mine.users--;
    throw err;
  }
  let released = false;
  return {
    tokenizer: modelTokenizer(model, path),
    release: () => {
      if (released) return;
      released = true;
      mine.users--;
      mine.lastUsed = performance.now();
      trimIdle();
    },
  };
}

/** Frees every tokenizer (the host is closing); a later lease loads again. */
export async function disposeVocabModels(): Promise<void> {
  const all = [...entries];
  entries.clear();
  nativeStateChanged();
  await Promise.all(all.map(([, e]) => e.model.then((m) => m.dispose(), () => undefined)));
}

/** Frees what is loaded when the host's event loop runs dry. */
const hookExit = disposeOnExit(disposeVocabModels);
