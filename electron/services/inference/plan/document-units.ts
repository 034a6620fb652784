/**
 * The document as units for windowing: one per sentence (the shared sentence rules), each
 * tokenized once with the model's tokenizer. A window's prompt is then the concatenation of its
 * units' tokens, so no window is tokenized again.
 *
 * A unit starts just before the single space that precedes its sentence, because the Qwen2
 * tokenizer attaches that space to the next word (" Dog"): cutting there keeps the tokens the same
 * as when the whole text is tokenized at once. A sentence too long for a window is split at spaces.
 *
 * Sentences are found in the document (its line breaks help), while the tokens are those of the
 * model text (shared/profiles/input.ts: the same length, perhaps with line breaks as spaces).
 */
import type { Token } from 'node-llama-cpp';
import { sentenceStarts } from '../../../../shared/text/sentences';
import { evenCuts } from '../../../../shared/profiles/windows';

export interface DocumentUnit {
  start: number;
  end: number;
  /** Where the sentence itself starts (a head candidate), or null for the tail of a split sentence. */
  sentenceStart: number | null;
  tokens: Token[];
}

export function documentUnits(text: string, tokenize: (s: string) => Token[], maxUnitTokens: number, modelText = text): DocumentUnit[] {
  if (text.length === 0) return [];
  if (modelText.length !== text.length) throw new Error('the model text must have the length of the document');
  const starts = sentenceStarts(text).filter((s) => s > 0 && s < text.length);
  const pieces: { start: number; end: number; sentenceStart: number | null }[] = [];
  let previousCut = 0;
  let previousSentence: number | null = 0;
  for (const s of starts) {
    const cut = modelText[s - 1] === ' ' && s - 1 > previousCut ? s - 1 : s;
    if (cut <= previousCut) continue;
    pieces.push({ start: previousCut, end: cut, sentenceStart: previousSentence });
    previousCut = cut;
    previousSentence = s;
  }
  pieces.push({ start: previousCut, end: text.length, sentenceStart: previousSentence });

  const units: DocumentUnit[] = [];
  for (const piece of pieces) splitToFit(modelText, piece, tokenize, maxUnitTokens, units, 0);
  return units;
}

function splitToFit(
  text: string,
  piece: { start: number; end: number; sentenceStart: number | null },
  tokenize: (s: string) => Token[],
  max: number,
  out: DocumentUnit[],
  depth: number,
): void {
  const slice = text.slice(piece.start, piece.end);
  const tokens = tokenize(slice);
  if (tokens.length <= max || depth > 8 || slice.length < 2) {
    out.push({ ...piece, tokens });
    return;
  }
  const cuts = evenCuts(slice, Math.ceil(tokens.length / max) + 1).map((c) => piece.start + c);
  const bounds = [piece.start, ...cuts, piece.end];
  for (let i = 0; i + 1 < bounds.length; i++) {
    splitToFit(text, { start: bounds[i]!, end: bounds[i + 1]!, sentenceStart: i === 0 ? piece.sentenceStart : null }, tokenize, max, out, depth + 1);
  }
}
