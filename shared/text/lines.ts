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
 * Sorted offsets where lines start: 0 (for a non-empty text) and every offset just after a line
 * break, except text.length (a trailing line break starts no line).
 */
export function lineStarts(text: string): number[] {
  if (text.length === 0) return [];
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR && text.charCodeAt(i + 1) === LF) continue;
    if ((c === LF || c === CR) && i + 1 < text.length) starts.push(i + 1);
  }
  return starts;
}

/**
 * Sorted offsets where paragraphs start: 0 (for a non-empty text) and the start of every
 * non-blank line that follows one or more blank lines.
 */
export function paragraphStarts(text: string): number[] {
  if (text.length === 0) return [];
  const starts = [0];
  let previousBlank = false;
  let sawContent = false;
  for (let line = 0; line < text.length; line = nextLineStart(text, line)) {
    const blank = isBlankLine(text, line);
    if (!blank && previousBlank && sawContent && line > 0) starts.push(line);
    if (!blank) sawContent = true;
    previousBlank = blank;
  }
  return starts;
}
