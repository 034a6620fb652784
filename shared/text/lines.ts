/**
 * Line and paragraph structure of a text. Line breaks are LF, CRLF or a lone CR, kept as they are
 * in the file; every offset returned here is a safe boundary (never between CR and LF).
 */

const LF = 0x0a;
const CR = 0x0d;

/** True for the code units that may appear on a "blank" line. */
export function isBlankChar(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c || code === 0xa0 || code === 0x3000 || code === 0xfeff;
}

/** The same code units as the body of a regular-expression character class (a test checks they agree). */
export const BLANK_CLASS_SOURCE = '\\t\\v\\f \\u00a0\\u3000\\ufeff';

/** Class flags for scanners that read one table entry per code unit instead of comparing. */
export const BLANK_CLASS = 1;
export const BREAK_CLASS = 2;

/**
 * A fresh table over all UTF-16 code units: BLANK_CLASS where isBlankChar holds, BREAK_CLASS for
 * LF and CR. Callers add their own flags (4 and up) for the characters they stop at.
 */
export function whitespaceClassTable(): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) if (isBlankChar(c)) table[c] = BLANK_CLASS;
  table[LF] = BREAK_CLASS;
  table[CR] = BREAK_CLASS;
  return table;
}

/** Offset just after the line break that ends the line containing `offset` (text.length if none). */
export function nextLineStart(text: string, offset: number): number {
  for (let i = offset; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) return i + 1;
    if (c === CR) return text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
  }
  return text.length;
}

/** Offset where the line content that starts at `lineStart` ends (before its line break). */
export function lineContentEnd(text: string, lineStart: number): number {
  for (let i = lineStart; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) return i;
  }
  return text.length;
}

/** True when the line starting at `lineStart` holds nothing but blank characters (see isBlankChar). */
export function isBlankLine(text: string, lineStart: number): boolean {
  for (let i = lineStart; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) return true;
    if (!isBlankChar(c)) return false;
  }
  return true;
}

/**
 * True when text[start, end) holds no line break. Asked of the native search (on a slice, which
 * copies nothing, so it stops at `end`) before a loop over every code unit: a long paragraph
 * of prose is often one line, and the loop would then find nothing.
 */
function isOneLine(text: string, start: number, end: number): boolean {
  const range = text.slice(start, end);
  return range.indexOf('\n') < 0 && range.indexOf('\r') < 0;
}

/**
 * Sorted offsets where lines start: 0 (for a non-empty text) and every offset just after a line
 * break, except text.length (a trailing line break starts no line).
 */
export function lineStarts(text: string): number[] {
  return lineStartsIn(text, 0, text.length);
}

/**
 * lineStarts of text.slice(start, end), shifted by start, without the slice: the text is read as
 * if it ended at `end` (a CR just before `end` ends its line even when an LF follows it).
 */
export function lineStartsIn(text: string, start: number, end: number): number[] {
  if (end <= start) return [];
  const starts = [start];
  if (isOneLine(text, start, end)) return starts;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== LF && c !== CR) continue;
    if (c === CR && i + 1 < end && text.charCodeAt(i + 1) === LF) continue;
    if (i + 1 < end) starts.push(i + 1);
  }
  return starts;
}

/**
 * Sorted offsets where paragraphs start: 0 (for a non-empty text) and the start of every
 * non-blank line that follows one or more blank lines.
 */
export function paragraphStarts(text: string): number[] {
  return paragraphStartsIn(text, 0, text.length);
}

/** paragraphStarts of text.slice(start, end), shifted by start, without the slice (see lineStartsIn). */
export function paragraphStartsIn(text: string, start: number, end: number): number[] {
  if (end <= start) return [];
  const starts = [start];
  if (isOneLine(text, start, end)) return starts;
  let previousBlank = false;
  let sawContent = false;
  let line = start;
  while (line < end) {
    // One pass over the line: is it blank, and where does the next one start?
    let i = line;
    let blank = true;
    let next = end;
    for (; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        next = i + 1;
        break;
      }
      if (c === CR) {
        next = i + 1 < end && text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
        break;
      }
      if (blank && !isBlankChar(c)) blank = false;
    }
    if (!blank && previousBlank && sawContent && line > start) starts.push(line);
    if (!blank) sawContent = true;
    previousBlank = blank;
    line = next;
  }
  return starts;
}
