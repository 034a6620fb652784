/**
 * The line and paragraph rules of lines.ts written the obvious way, one code unit at a time.
 * lineStartsIn and paragraphStartsIn must give exactly these (a property test compares them);
 * they leave the search for line breaks to the regular-expression engine instead.
 */
import { isBlankChar } from './lines';

/** Line starts of text.slice(start, end), shifted by start: `start`, and every offset after a break (CRLF as one) before `end`. */
export function lineStartsByLoop(text: string, start = 0, end = text.length): number[] {
  if (end <= start) return [];
  const starts = [start];
  for (let i = start; i < end; i++) {
    if (text[i] !== '\r' && text[i] !== '\n') continue;
    if (text[i] === '\r' && text[i + 1] === '\n' && i + 1 < end) i++;
    if (i + 1 < end) starts.push(i + 1);
  }
  return starts;
}

/** Paragraph starts of text.slice(start, end), shifted by start: `start`, and every line with content after blank lines that follow content. */
export function paragraphStartsByLoop(text: string, start = 0, end = text.length): number[] {
  const lines = lineStartsByLoop(text, start, end);
  const starts = lines.slice(0, 1);
  let previousBlank = false;
  let sawContent = false;
  lines.forEach((lineStart, k) => {
    const line = text.slice(lineStart, lines[k + 1] ?? end);
    const blank = [...line].every((c) => c === '\r' || c === '\n' || isBlankChar(c.charCodeAt(0)));
    if (!blank && previousBlank && sawContent) starts.push(lineStart);
    if (!blank) sawContent = true;
    previousBlank = blank;
  });
  return starts;
}
