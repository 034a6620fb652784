/**
 * The bytes each vocabulary token writes, read once per model from the GGUF's token list, and an
 * index from byte strings to tokens. The trie decoder needs them to offer exactly the tokens a GBNF
 * grammar would allow: every token whose bytes continue an allowed text, not only the tokens the
 * tokenizer would produce for it (a model may write " whale" as " wh" + "ale").
 *
 * Byte strings are kept as latin1 JS strings (one char per byte), so they can be Map keys.
 * Only byte-level BPE vocabularies (GPT-2 style, as Qwen2's) are read: their token strings map
 * each byte to one printable character (GPT-2's bytes_to_unicode).
 */
import type { LlamaModel, Token } from 'node-llama-cpp';

export interface TokenBytes {
  /** Vocabulary size (tokens are 0..size-1). */
  size: number;
  /** End-of-generation tokens. */
  eog: Set<Token>;
  /** Text-writing tokens by their bytes (control tokens write no text and are left out). */
  byBytes: Map<string, Token[]>;
  /** Each token's bytes ('' for tokens that write no text). */
  bytesOf: string[];
  /** The longest token's byte length. */
  maxBytes: number;
}

const NORMAL = 1;
const USER_DEFINED = 4;

/** GPT-2's bytes_to_unicode, inverted: the character a token string uses for each byte. */
function unicodeToByte(): Map<string, number> {
  const bs: number[] = [];
  for (let b = 0x21; b <= 0x7e; b++) bs.push(b);
  for (let b = 0xa1; b <= 0xac; b++) bs.push(b);
  for (let b = 0xae; b <= 0xff; b++) bs.push(b);
  const cs = [...bs];
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + n++);
    }
  }
  return new Map(bs.map((b, i) => [String.fromCodePoint(cs[i]!), b]));
}

/** A text as a latin1 string of its UTF-8 bytes. */
export function utf8Latin1(text: string): string {
  return String.fromCharCode(...new TextEncoder().encode(text));
}

const cache = new WeakMap<LlamaModel, TokenBytes | null>();

/** The model's token bytes, or null when its vocabulary is not byte-level BPE. */
export function tokenBytes(model: LlamaModel): TokenBytes | null {
  if (cache.has(model)) return cache.get(model)!;
  const ggml = model.fileInfo.metadata.tokenizer?.ggml as { model?: string; tokens?: readonly string[]; token_type?: readonly number[] } | undefined;
  const tokens = ggml?.tokens;
  if (ggml?.model !== 'gpt2' || !tokens) {
    cache.set(model, null);
    return null;
  }
  const types = ggml.token_type;
  const toByte = unicodeToByte();
  const byBytes = new Map<string, Token[]>();
  const eog = new Set<Token>();
  const bytesOf: string[] = new Array<string>(tokens.length).fill('');
  let maxBytes = 0;
  for (let t = 0; t < tokens.length; t++) {
    const token = t as Token;
    if (model.isEogToken(token)) eog.add(token);
    const type = types?.[t] ?? NORMAL;
    let bytes: string | null = null;
    if (type === USER_DEFINED) bytes = utf8Latin1(tokens[t]!);
    else if (type === NORMAL) {
      bytes = '';
      for (const ch of tokens[t]!) {
        const b = toByte.get(ch);
        if (b === undefined) {
          bytes = null;
          break;
        }
        bytes += String.fromCharCode(b);
      }
    }
    if (!bytes) continue;
    bytesOf[t] = bytes;
    const list = byBytes.get(bytes);
    if (list) list.push(token);
    else byBytes.set(bytes, [token]);
    maxBytes = Math.max(maxBytes, bytes.length);
  }
  const result = { size: tokens.length, eog, byBytes, bytesOf, maxBytes };
  cache.set(model, result);
  return result;
}
