/**
 * A token counter for the rule strategies' `maxTokens`: a tokenizer GGUF loaded vocab-only through
 * node-llama-cpp (no weights, no context, CPU only). By default the real Qwen2 tokenizer, the seed
 * models' own, so a token limit means what it means to those models.
 *
 * Loaded lazily, once per process and file: the first caller pays for starting llama.cpp and reading
 * the vocabulary, concurrent callers wait for that same load, later ones get the loaded counter.
 * The vocabulary itself is the native owner's (native/vocab-models.ts): a counter holds its lease
 * until disposed.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { modelsDir as resolveModelsDir } from '../platform/app-paths';
import { TokenizerLoadError } from './errors';
import { extractQwen2Vocab, qwen2VocabCachePath } from './qwen2-vocab';
import { leaseVocab, VocabLoadError } from '../native/vocab-models';
import { firstLine } from '../../../shared/text/first-line';

export { TokenizerLoadError };

export interface TokenCounter {
  countTokens(text: string): number;
  /** The tokenizer file the counts come from. */
  source: string;
  /** Lets the vocabulary go (the native owner keeps it loaded while it is among the recently used). */
  dispose(): Promise<void>;
}

export interface TokenCounterOptions {
  /** A GGUF file whose tokenizer to use; the Qwen2 vocabulary when absent. */
  tokenizerPath?: string;
  /** Where the extracted Qwen2 vocabulary is cached (`<modelsDir>/.cache`); the app's models folder when absent. */
  modelsDir?: string;
}

const counters = new Map<string, Promise<TokenCounter>>();

async function tokenizerFile(options: TokenCounterOptions): Promise<string> {
  if (options.tokenizerPath === undefined) {
    try {
      return await extractQwen2Vocab(qwen2VocabCachePath(resolveModelsDir({ modelsDir: options.modelsDir })));
    } catch (err) {
      throw new TokenizerLoadError(`cannot extract the Qwen2 vocabulary: ${firstLine(err) || String(err)}`);
    }
  }
  const path = resolve(options.tokenizerPath);
  if (!existsSync(path)) throw new TokenizerLoadError(`tokenizer file not found: ${options.tokenizerPath}`);
  if (!statSync(path).isFile()) throw new TokenizerLoadError(`tokenizer is not a file: ${options.tokenizerPath}`);
  return path;
}

async function load(path: string): Promise<TokenCounter> {
  let lease;
  try {
    lease = await leaseVocab(path);
  } catch (err) {
    if (err instanceof VocabLoadError && err.stage === 'runtime') throw new TokenizerLoadError(`cannot start llama.cpp to load the tokenizer: ${err.detail}`);
    throw new TokenizerLoadError(`cannot load a tokenizer from ${path} (is it a GGUF file?): ${err instanceof VocabLoadError ? err.detail : firstLine(err) || String(err)}`);
  }
  const { tokenizer } = lease;
  return {
    // Plain text, no special tokens: a literal "<|im_end|>" in a document counts as the text it is.
    countTokens: (text) => (text.length === 0 ? 0 : tokenizer.tokenize(text, false).length),
    source: path,
    dispose: async () => {
      counters.delete(path);
      lease.release();
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
