/**
 * Lines to paragraphs. Inside a paragraph lines are joined with a space, and a word hyphenated at
 * a line end is joined without its hyphen when the next line goes on in lower case ("manip-" +
 * "ulation"); before a capital the hyphen stays ("Anglo-" + "Saxon"). A paragraph ends at a
 * vertical gap clearly wider than the usual line step, at a heading, and at a column or page
 * break unless the text runs on (no sentence end before, lower case after).
 */
import type { PdfLine } from './types';

/** A gap between baselines above this multiple of the usual step starts a paragraph. */
const PARAGRAPH_GAP = 1.5;

const LINE_END_HYPHEN = /\p{L}[-\u00ad\u2010]$/u;
const SENTENCE_END = /[.!?:;)"”’»]$/u;
const STARTS_LOWER = /^\p{Ll}/u;

/** Joins `next` onto `text` as the next line of the same paragraph; `joined` when a hyphenation was undone. */
export function joinLine(text: string, next: string): { text: string; joined: boolean } {
  if (text === '') return { text: next, joined: false };
  if (LINE_END_HYPHEN.test(text)) {
    if (STARTS_LOWER.test(next)) return { text: text.slice(0, -1) + next, joined: true };
    // A soft hyphen never shows in the word itself.
    if (/\u00ad$/.test(text)) return { text: text.slice(0, -1) + next, joined: true };
    return { text: text + next, joined: false };
  }
  return { text: `${text} ${next}`, joined: false };
}

/** Joins lines into one paragraph's text; `joined` counts the hyphenations undone. */
export function joinLines(lines: readonly string[]): { text: string; joined: number } {
  let text = '';
  let joined = 0;
  for (const line of lines) {
    const next = joinLine(text, line.trim());
    text = next.text;
    if (next.joined) joined++;
  }
  return { text, joined };
}

/** The lower median: with few lines, the paragraph gaps must not become the "usual" step. */
function lowerMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1] ?? 0;
}

/** The usual baseline step between consecutive lines of one column of one page. */
export function usualStep(lines: readonly PdfLine[]): number {
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    if (a.page === b.page && a.column === b.column && a.y - b.y > 0) steps.push(a.y - b.y);
  }
  // Line spacing is rarely above twice the type size: with few lines, a gap must not pass for the step.
  const size = lowerMedian(lines.map((l) => l.size)) || 12;
  return Math.min(lowerMedian(steps) || size * 1.2, size * 2);
}

/** Whether `line` goes on the paragraph that `previous` ended, by position alone. */
export function continuesParagraph(previous: PdfLine, line: PdfLine, usual: number, lastText: string): boolean {
  const sameFlow = previous.page === line.page && previous.column === line.column;
  if (sameFlow) {
    const step = previous.y - line.y;
    return step > 0 && step <= usual * PARAGRAPH_GAP && Math.abs(previous.size - line.size) < 0.75;
  }
  // A page or column break: the paragraph runs on when its text does.
  return !SENTENCE_END.test(lastText) && (STARTS_LOWER.test(line.text) || LINE_END_HYPHEN.test(lastText));
}
