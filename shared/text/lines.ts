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
 * A line break as a regular-expression source: CRLF as one, or a lone LF or CR. A CR matches
 * alone only when no LF follows, so that backtracking can never read CRLF as two breaks. The one
 * line-break expression of shared/ (blocks, layout features and the scanners here use it).
 */
export const LINE_BREAK_SOURCE = '(?:\\r\\n|\\r(?!\\n)|\\n)';
const BREAK_SOURCE = LINE_BREAK_SOURCE;

/**
 * The line and paragraph scans below leave the search for line breaks to the native regular
 * expression engine, on a slice of the range (which copies nothing and ends where the range
 * does), so JavaScript runs once per line or per paragraph, never per character: on a first call
 * a per-character loop runs unoptimised and then costs V8 an optimising compile.
 */
const LINE_BREAKS = new RegExp(BREAK_SOURCE, 'g');
/** A line break and the blank lines after it (one at least): the gap before a paragraph. */
const PARAGRAPH_GAP = new RegExp(`${BREAK_SOURCE}(?:[${BLANK_CLASS_SOURCE}]*${BREAK_SOURCE})+`, 'g');
/** The first code unit that is neither blank nor a line break. */
const CONTENT = new RegExp(`[^${BLANK_CLASS_SOURCE}\\r\\n]`, 'g');
/** From lastIndex (a line start): a line with content. */
const CONTENT_LINE = new RegExp(`[${BLANK_CLASS_SOURCE}]*[^${BLANK_CLASS_SOURCE}\\r\\n]`, 'y');

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
  const range = text.slice(start, end);
  LINE_BREAKS.lastIndex = 0;
  while (LINE_BREAKS.test(range)) {
    const next = LINE_BREAKS.lastIndex;
    if (next < range.length) starts.push(start + next);
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
  const range = text.slice(start, end);
  // Blank lines start a paragraph after them only once a line before them had content.
  CONTENT.lastIndex = 0;
  if (!CONTENT.test(range)) return starts;
  PARAGRAPH_GAP.lastIndex = CONTENT.lastIndex;
  while (PARAGRAPH_GAP.test(range)) {
    // The gap took every blank line that ends in a break: what follows has content, or is the range's blank end.
    CONTENT_LINE.lastIndex = PARAGRAPH_GAP.lastIndex;
    if (CONTENT_LINE.test(range)) starts.push(start + PARAGRAPH_GAP.lastIndex);
  }
  return starts;
}
