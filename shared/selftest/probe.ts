/**
 * Probe documents for `models selftest`: passages of different texts joined at known points, so
 * a segmentation model that works should put boundaries at (or near) the joins. The texts are real
 * (the bundled Moby-Dick chapter and State of the Union addresses); nothing is written here.
 */
import { sentenceStarts } from '../text/sentences';

export interface ProbeSource {
  name: string;
  text: string;
}

export interface ProbeDocument {
  name: string;
  text: string;
  /** Offsets where a passage of another source starts. */
  joins: number[];
  /** Sentence starts of the whole document, for "within one sentence of a join". */
  sentences: number[];
}

/** Whole sentences of `text` from `from` on, about `chars` long; returns the passage and where the next one starts. */
function passage(text: string, starts: readonly number[], from: number, chars: number): { text: string; next: number } {
  const end = starts.find((s) => s > from && s - from >= chars) ?? text.length;
  return { text: text.slice(from, end).trim(), next: end };
}

/**
 * `count` documents, each made of `parts` passages of about `passageChars` characters that take
 * turns between the sources (a space between passages, so no line break gives a join away).
 */
export function buildProbeDocuments(sources: readonly ProbeSource[], options: { count: number; parts: number; passageChars: number }): ProbeDocument[] {
  if (sources.length < 2) throw new Error('probe documents need at least two sources');
  const state = sources.map((s) => ({ ...s, starts: sentenceStarts(s.text), at: s.text.search(/\S/) }));
  const docs: ProbeDocument[] = [];
  for (let d = 0; d < options.count; d++) {
    let text = '';
    const joins: number[] = [];
    const names: string[] = [];
    for (let p = 0; p < options.parts; p++) {
      const src = state[(d + p) % state.length]!;
      if (src.at >= src.text.length) src.at = Math.max(0, src.text.search(/\S/));
      const piece = passage(src.text, src.starts, src.at, options.passageChars);
      src.at = piece.next;
      if (piece.text === '') continue;
      if (text !== '') {
        text += ' ';
        joins.push(text.length);
      }
      text += piece.text;
      names.push(src.name);
    }
    docs.push({ name: `probe-${d + 1} (${names.join(' + ')})`, text, joins, sentences: sentenceStarts(text) });
  }
  return docs;
}
