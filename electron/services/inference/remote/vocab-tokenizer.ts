/**
 * The model's tokenizer without its weights: the remote backend cuts and tokenizes windows here,
 * with the base GGUF's vocabulary loaded vocab-only (megabytes, no context, CPU), once per file.
 */
import type { LlamaModel } from 'node-llama-cpp';
import { checkGgufHeader } from '../../../model-files/header-check';
import { cpuLlama } from '../../tokenizer/token-counter';
import { InferenceError } from '../errors';
import { modelTokenizer } from '../local-completer';
import type { WindowTokenizer } from '../window-completer';

const loaded = new Map<string, Promise<WindowTokenizer>>();

async function load(path: string): Promise<WindowTokenizer> {
  const llama = await cpuLlama();
  let model: LlamaModel;
  try {
    // llama.cpp trusts the header's counts: bounded first (header-check.ts).
    await checkGgufHeader(path);
    model = await llama.loadModel({ modelPath: path, vocabOnly: true });
  } catch (err) {
    throw new InferenceError('bad-gguf', `cannot read the tokenizer of ${path}: ${(err as Error).message.split('\n')[0]}`);
  }
  return modelTokenizer(model);
}

export function vocabTokenizer(modelPath: string): Promise<WindowTokenizer> {
  let tokenizer = loaded.get(modelPath);
  if (!tokenizer) {
    tokenizer = load(modelPath);
    loaded.set(modelPath, tokenizer);
    tokenizer.catch(() => loaded.delete(modelPath));
  }
  return tokenizer;
}
