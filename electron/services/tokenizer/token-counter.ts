/**
 * A token counter for the rule strategies' `maxTokens`: a tokenizer GGUF loaded vocab-only through
 * node-llama-cpp (no weights, no context, CPU only). By default the real Qwen2 tokenizer, the seed
 * models' own, so a token limit means what it means to those models.
 *
 * Loaded lazily, once per process and file: the first caller pays for starting llama.cpp and reading
 * the vocabulary, concurrent callers wait for that same load, later ones get the loaded counter.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Llama, LlamaModel } from 'node-llama-cpp';
import { modelsDir as resolveModelsDir } from '../inference/paths';
import { TokenizerLoadError } from './errors';
import { extractQwen2Vocab, qwen2VocabCachePath } from './qwen2-vocab';
import { writeLlamaLog } from '../platform/llama-log';
import { checkGgufHeader } from '../../model-files/header-check';

export { TokenizerLoadError };

export interface TokenCounter {
  countTokens(text: string): number;
  /** The tokenizer file the counts come from. */
  source: string;
  /** Frees the vocabulary; the next loadTokenCounter for this file loads it again. */
  dispose(): Promise<void>;
}

export interface TokenCounterOptions {
  /** A GGUF file whose tokenizer to use; the Qwen2 vocabulary when absent. */
  tokenizerPath?: string;
  /** Where the extracted Qwen2 vocabulary is cached (`<modelsDir>/.cache`); the app's models folder when absent. */
  modelsDir?: string;
}

let llamaLoad: Promise<Llama> | undefined;
const counters = new Map<string, Promise<TokenCounter>>();

/** One CPU-only llama.cpp for every tokenizer: a vocab-only model never touches a GPU. */
export function cpuLlama(): Promise<Llama> {
  // Imported on first use: loading node-llama-cpp costs more than a whole rule-strategy run.
  llamaLoad ??= import('node-llama-cpp').then(({ getLlama, LlamaLogLevel }) => getLlama({
    gpu: false,
    // Never compile llama.cpp behind the user's back: prebuilt binaries or a clear error.
    build: 'never',
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
    logger: writeLlamaLog,
  })).catch((err: unknown) => {
    llamaLoad = undefined;
    throw err;
  });
  return llamaLoad;
}

function firstLine(err: unknown): string {
  return ((err as Error)?.message ?? String(err)).split('\n')[0] || String(err);
}

async function tokenizerFile(options: TokenCounterOptions): Promise<string> {
  if (options.tokenizerPath === undefined) {
    try {
      return await extractQwen2Vocab(qwen2VocabCachePath(resolveModelsDir({ modelsDir: options.modelsDir })));
    } catch (err) {
      throw new TokenizerLoadError(`cannot extract the Qwen2 vocabulary: ${firstLine(err)}`);
    }
  }
  const path = resolve(options.tokenizerPath);
  if (!existsSync(path)) throw new TokenizerLoadError(`tokenizer file not found: ${options.tokenizerPath}`);
  if (!statSync(path).isFile()) throw new TokenizerLoadError(`tokenizer is not a file: ${options.tokenizerPath}`);
  return path;
}

async function load(path: string): Promise<TokenCounter> {
  let llama: Llama;
  try {
    llama = await cpuLlama();
  } catch (err) {
    throw new TokenizerLoadError(`cannot start llama.cpp to load the tokenizer: ${firstLine(err)}`);
  }
  let model: LlamaModel;
  try {
    // llama.cpp trusts the header's counts: bounded first (header-check.ts).
    await checkGgufHeader(path);
    model = await llama.loadModel({ modelPath: path, vocabOnly: true });
  } catch (err) {
    throw new TokenizerLoadError(`cannot load a tokenizer from ${path} (is it a GGUF file?): ${firstLine(err)}`);
  }
  return {
    // Plain text, no special tokens: a literal "<|im_end|>" in a document counts as the text it is.
    countTokens: (text) => (text.length === 0 ? 0 : model.tokenize(text, false).length),
    source: path,
    dispose: async () => {
      counters.delete(path);
      await model.dispose();
    },
  };
}

/** The counter for the tokenizer the options name; loaded on first use, then shared in this process. */
export async function loadTokenCounter(options: TokenCounterOptions = {}): Promise<TokenCounter> {
  const path = await tokenizerFile(options);
  let counter = counters.get(path);
  if (!counter) {
    counter = load(path);
    counters.set(path, counter);
    // A failed load is not cached: the next call tries again.
    counter.catch(() => counters.delete(path));
  }
  return counter;
}
