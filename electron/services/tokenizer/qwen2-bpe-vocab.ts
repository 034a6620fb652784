/**
 * The pure-TypeScript Qwen2 encoder (shared/tokenize/qwen2-bpe.ts) with its vocabulary read from a
 * GGUF file: tokens, merges and the user-defined tokens. Only a file whose tokenizer is Qwen2's
 * (model "gpt2", pre-tokenizer "qwen2") gets one; any other answers null, and its counts stay with
 * llama.cpp.
 */
import { readGgufHeader } from '../../model-files/reader';
import { plainValue } from '../../model-files/types';
import { Qwen2Bpe } from '../../../shared/tokenize/qwen2-bpe';

/** llama.cpp's LLAMA_TOKEN_TYPE_USER_DEFINED. */
const USER_DEFINED = 4;

/** The encoder for `path`'s tokenizer, or null when it is not a Qwen2 byte-level BPE. */
export async function loadQwen2Bpe(path: string): Promise<Qwen2Bpe | null> {
  const { metadata } = await readGgufHeader(path);
  if (plainValue(metadata.get('tokenizer.ggml.model')) !== 'gpt2' || plainValue(metadata.get('tokenizer.ggml.pre')) !== 'qwen2') return null;
  const tokens = plainValue(metadata.get('tokenizer.ggml.tokens'));
  const merges = plainValue(metadata.get('tokenizer.ggml.merges'));
  const types = plainValue(metadata.get('tokenizer.ggml.token_type'));
  if (!Array.isArray(tokens) || !Array.isArray(merges) || !Array.isArray(types)) return null;
  const userDefined: number[] = [];
  types.forEach((t, id) => {
    if (t === USER_DEFINED) userDefined.push(id);
  });
  return new Qwen2Bpe({ tokens: tokens as string[], merges: merges as string[], userDefined });
}

/** Encoders loaded in this thread, by file: a worker reads a vocabulary once (about 0.5 s) and keeps it. */
const loaded = new Map<string, Promise<Qwen2Bpe>>();

/** A counter for `path`, which must be a Qwen2 vocabulary (the caller checked; anything else rejects). */
export function qwen2BpeCounter(path: string): Promise<(text: string) => number> {
  let bpe = loaded.get(path);
  if (!bpe) {
    bpe = loadQwen2Bpe(path).then((b) => {
      if (!b) throw new Error(`not a Qwen2 vocabulary: ${path}`);
      return b;
    });
    loaded.set(path, bpe);
    bpe.catch(() => loaded.delete(path));
  }
  return bpe.then((b) => (text: string) => b.count(text));
}
