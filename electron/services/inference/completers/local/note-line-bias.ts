/**
 * A constant bias for the trie decoder's note lines, built once per model: -infinity on every
 * token the note-line grammar (shared/profiles/constrained.ts, noteBody) refuses in every state.
 *
 * Why: node-llama-cpp's native sampler (AddonSampler::sample) first takes the greedy token of the
 * chain (bias, repeat penalty, greedy) and checks that one token against the grammar; only where
 * the grammar refuses it does it decode and match all 151,936 token pieces of Qwen2's vocabulary
 * (llama_grammar_apply_impl), then sample again. The tokens a model most often writes where a note
 * refuses them are those that break the line: "\n\n", ".\n\n", "\t", a newline inside a token. Biased
 * out, the greedy token the chain takes is a token the grammar may allow, and the full match is
 * left for the few steps where the position decides (a label's letter, a first character that is a
 * space, the length limit).
 *
 * Why the answer stays the grammar's: the grammar still runs at every step. Its choice is the
 * allowed token of the highest penalised logit; every token here is refused in every state, so the
 * bias never touches an allowed token and the argmax over the allowed tokens is the same with it
 * (-infinity stays -infinity under the penalty). When the chain's greedy token is allowed it is
 * that argmax (the allowed tokens are a subset of the unbiased ones), and the lowest id among
 * equals in both ways (llama.cpp's greedy sampler keeps the first maximum, in id order).
 *
 * Which tokens: the note's grammar matches only its label's characters, characters outside
 * U+0000-U+001F and U+007F, and one final "\n" after which nothing may follow. A token is refused
 * everywhere when, decoded exactly as llama.cpp's grammar decodes pieces (decode_utf8 in
 * src/llama-grammar.cpp of node-llama-cpp's llama.cpp, including its unchecked continuation bytes
 * and its stop at a NUL byte), it yields such a control character other than a last "\n", or a
 * "\n" followed by anything, whatever UTF-8 sequence the previous token left open. Tokens with a
 * NUL byte, control and user-defined tokens are left out (their pieces are not plain bytes), and
 * so are labels with a control character (no bias then). test/inference/note-line-bias.test.ts
 * checks the set against the grammar itself.
 *
 * End tokens are added where the grammar refuses them too: everywhere in a note line but at the
 * start of a note the model may skip (the caller says which).
 *
 * The bias map is handed to node-llama-cpp as a TokenBias whose internal map is filled directly,
 * as allowed-choice.ts does (3.21.1 reads a bias only by iterating `_biases`), and copied by it at
 * every step: O(size of the set), a few thousand entries for Qwen2, not the vocabulary.
 */
import { TokenBias, type LlamaModel, type Token } from 'node-llama-cpp';
import type { OutputSettings } from '../../../../../shared/profiles/schema';
import type { TokenBytes } from './token-bytes';

const NORMAL = 1;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** Code points a note line never matches (its classes are [^\x00-\x1F\x7F]); "\n" is handled apart. */
function isControl(cp: number): boolean {
  return cp <= 0x1f || cp === 0x7f;
}

/**
 * The code points llama.cpp's grammar decodes from a piece (latin1 string of its bytes), after a
 * UTF-8 sequence of `open` more bytes was left open by the previous token (its value unknown:
 * null in the output), with whether the piece ends inside a sequence and how many bytes that
 * sequence still needs (`remain`); 'invalid' where llama.cpp
 * aborts the decode (the token is then refused). A port of decode_utf8(const std::string &, ...).
 */
export function grammarCodePoints(bytes: string, open: number): { codePoints: (number | null)[]; endsOpen: boolean; remain: number } | 'invalid' {
  const lookup = [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 2, 2, 3, 4];
  const codePoints: (number | null)[] = [];
  let pos = 0;
  const at = (i: number) => (i < bytes.length ? bytes.charCodeAt(i) : 0);
  let remain = open;
  while (at(pos) !== 0 && remain > 0) {
    if (at(pos) >> 6 !== 2) return 'invalid';
    pos++;
    remain--;
  }
  if (open > 0 && remain === 0) codePoints.push(null);
  while (at(pos) !== 0) {
    const first = at(pos);
    remain = lookup[first >> 4]! - 1;
    if (remain < 0) return 'invalid';
    let value = first & ((1 << (7 - remain)) - 1);
    pos++;
    while (at(pos) !== 0 && remain > 0) {
      value = (value << 6) + (at(pos) & 0x3f);
      pos++;
      remain--;
    }
    if (remain === 0) codePoints.push(value);
  }
  return { codePoints, endsOpen: remain > 0, remain: Math.max(0, remain) };
}

/** Whether the note-line grammar refuses a token of these bytes in every state (see the file comment). */
export function refusedInEveryNoteState(bytes: string): boolean {
  if (bytes === '' || bytes.includes('\0')) return false;
  // Printable ASCII decodes to itself after a closed sequence: allowed there (most of a vocabulary; a quick exit).
  if (PRINTABLE_ASCII.test(bytes)) return false;
  for (let open = 0; open <= 3; open++) {
    const decoded = grammarCodePoints(bytes, open);
    if (decoded === 'invalid') continue;
    const { codePoints, endsOpen } = decoded;
    const refused = codePoints.some((cp, i) => cp !== null && isControl(cp) && !(cp === 0x0a && i === codePoints.length - 1 && !endsOpen));
    if (!refused) return false;
  }
  return true;
}

interface RefusedTokens {
  withEnd: ReadonlyMap<Token, number>;
  withoutEnd: ReadonlyMap<Token, number>;
}

const cache = new WeakMap<LlamaModel, RefusedTokens>();

/** The tokens of this model that no note line allows, each with a bias of -infinity; and the same with the end tokens. */
function refusedTokens(model: LlamaModel, vocab: TokenBytes): RefusedTokens {
  let refused = cache.get(model);
  if (refused) return refused;
  const types = (model.fileInfo.metadata.tokenizer?.ggml as { token_type?: readonly number[] } | undefined)?.token_type;
  const map = new Map<Token, number>();
  for (let t = 0; t < vocab.size; t++) {
    if ((types?.[t] ?? NORMAL) !== NORMAL || vocab.eog.has(t as Token)) continue;
    if (refusedInEveryNoteState(vocab.bytesOf[t]!)) map.set(t as Token, -Infinity);
  }
  const withoutEnd = new Map(map);
  for (const t of vocab.eog) withoutEnd.set(t, -Infinity);
  cache.set(model, (refused = { withEnd: map, withoutEnd }));
  return refused;
}

export interface NoteLineBias {
  /** For the first step of a note the model may skip (an end token is allowed there). */
  withEnd: TokenBias;
  /** For every other step of a note line: the grammar refuses end tokens until the line is done. */
  withoutEnd: TokenBias;
}

const asTokenBias = (model: LlamaModel, biases: ReadonlyMap<Token, number>) => Object.assign(new TokenBias(model.tokenizer), { _biases: biases }) as TokenBias;

/**
 * The note lines' biases for this model and note label (the label the note line starts with, ''
 * for none), or undefined where they do not apply (a label with a control character).
 */
export function noteLineBias(model: LlamaModel, vocab: TokenBytes, label: string): NoteLineBias | undefined {
  if ([...label].some((ch) => isControl(ch.codePointAt(0)!))) return undefined;
  const refused = refusedTokens(model, vocab);
  return { withEnd: asTokenBias(model, refused.withEnd), withoutEnd: asTokenBias(model, refused.withoutEnd) };
}

/**
 * The note line's length limit as the grammar counts it (code points after the label, the first
 * one included, at most maxNoteChars), for forcing the newline where it is the one token the
 * grammar allows: `add` takes each token's bytes after `written` of the label and says when the
 * text is full. Null where there is no limit (heads-only notes), the label is not printable ASCII
 * (its characters are then not one byte each), or the vocabulary has no single newline token.
 */
export function noteLimit(settings: OutputSettings, label: string, written: string, vocab: TokenBytes): { add(bytes: string): boolean; newline: Token } | null {
  const newline = vocab.byBytes.get('\n');
  if (settings.constrained.scope !== 'all' || !/^[\x20-\x7e]*$/.test(label) || newline?.length !== 1) return null;
  const max = settings.constrained.maxNoteChars;
  let labelLeft = label.length - written.length;
  let chars = 0;
  let open = 0;
  return {
    newline: newline[0]!,
    add(bytes: string): boolean {
      const decoded = grammarCodePoints(bytes, open);
      if (decoded === 'invalid') return false;
      const skip = Math.min(labelLeft, decoded.codePoints.length);
      labelLeft -= skip;
      chars += decoded.codePoints.length - skip;
      open = decoded.remain;
      return chars >= max && open === 0;
    },
  };
}
