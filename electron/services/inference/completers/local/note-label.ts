/**
 * The note label's steps in the trie decoder ("Summary: " before a summary line): while only
 * tokens that are a prefix of the label's rest can continue it, the allowed set is those few
 * tokens, and the trie decoder chooses among them as it does in a head line (allowed-choice.ts),
 * instead of the note grammar, whose literal refuses the greedy token of most models at most of
 * these steps and then makes llama.cpp match the whole vocabulary (note-line-bias.ts).
 *
 * The grammar's allowed set there is exactly these tokens when no token starts with the whole rest
 * and goes on past it (" The" after "Summary:" does: from there the note's grammar takes over,
 * with the label written so far). Only printable ASCII labels without '<' are taken this way, so
 * that a position is always a character boundary and no control token's text (such as
 * "<|im_start|>", which llama.cpp's grammar matches as text) can be a prefix of the label; other
 * labels go through the grammar whole, as before.
 */
import type { LlamaModel, Token } from 'node-llama-cpp';
import type { TokenBytes } from './token-bytes';

const spanning = new WeakMap<LlamaModel, Map<string, boolean>>();

/** Whether some token's bytes start with `rest` and go on past it. */
function someTokenSpans(model: LlamaModel, vocab: TokenBytes, rest: string): boolean {
  let byRest = spanning.get(model);
  if (!byRest) spanning.set(model, (byRest = new Map()));
  let spans = byRest.get(rest);
  if (spans === undefined) {
    spans = vocab.bytesOf.some((b) => b.length > rest.length && b.startsWith(rest));
    byRest.set(rest, spans);
  }
  return spans;
}

/** Whether the trie may write this label's steps (see the file comment). */
export function labelByTrie(label: string): boolean {
  return /^[\x20-\x3b\x3d-\x7e]*$/.test(label);
}

/**
 * The tokens allowed after `written` of the label, each with the text it writes, or null where
 * the note grammar must decide (the label is written, or a token spans past its end).
 */
export function labelStepTokens(model: LlamaModel, vocab: TokenBytes, label: string, written: string): Map<Token, string> | null {
  const rest = label.slice(written.length);
  if (rest === '' || someTokenSpans(model, vocab, rest)) return null;
  const out = new Map<Token, string>();
  for (let n = 1; n <= rest.length; n++) for (const t of vocab.byBytes.get(rest.slice(0, n)) ?? []) out.set(t, rest.slice(0, n));
  return out;
}
