/**
 * Hard-wrapped text (man pages as `man` prints them, mail, text files filled at 72 or 80
 * columns): a line break inside a paragraph that is only there because the line was full. Such a
 * break is a space for every rule that looks for sentences; the text itself is never changed.
 *
 * A line continues the line before it as a wrapped line when
 * - neither is blank, and the line is indented as the line before, or as far as that line's
 *   second word (a hanging indent: "•   text" or "-c  text" over their wrapped lines); a line
 *   indented otherwise starts something (a man page's option description, a heading's body);
 * - the line does not start a Markdown block (a list item, a heading, a fence, a quote, a table
 *   row, a formula) and the line before does not end with a colon (it introduces what follows);
 * - the first word of the line would not have fitted at the end of the line before: the line
 *   before reaches the paragraph's wrap width, taken as the widest of the lines around it (up to
 *   WINDOW lines either way, within the paragraph), and that width is at least MIN_WRAP_WIDTH
 *   columns (short lines that stop early are verse, addresses, lists: breaks their author typed).
 * A word is a run of non-blanks, wide characters included: a formatter that does not break
 * between CJK characters (groff on the old zh_CN and ja man page translations) carries the whole
 * run to the next line and pads the line before with runs of spaces up to the width; one that
 * does break there fills its lines to the width, so the run changes nothing for it. A line of one
 * word does not set the width when a line of two words or more is near: a word longer than the
 * room left goes on a line of its own and may run past the width (a URL, such a CJK run).
 * Widths are terminal columns: East Asian wide characters count two, a tab goes to the next
 * multiple of 8. Nothing here depends on a language.
 */
import { isBlankChar } from './lines';

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;

/** Lines either side of a break that decide the paragraph's wrap width. */
const WINDOW = 4;
/** The narrowest wrap width read as a wrap: narrower paragraphs keep their line breaks. */
export const MIN_WRAP_WIDTH = 40;
/** Columns measured per line at most: a longer line is not a hard-wrapped one anyway. */
const MAX_MEASURED = 400;

/** Whether the code point is two columns wide in a terminal (East Asian wide and full-width, emoji). */
export function isWideCodePoint(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Combining marks take no column of their own. */
function isCombining(cp: number): boolean {
  return (cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f) || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f);
}

function columnsOf(cp: number): number {
  return isCombining(cp) ? 0 : isWideCodePoint(cp) ? 2 : 1;
}

/** A line as the wrap rule sees it: its indentation and where its content ends, in columns. */
export interface LineShape {
  /** Columns of leading blanks. */
  indent: number;
  /** Column where the second word starts (-1 when none): a hanging indent lines up there. */
  secondWord: number;
  /** Column just after the last non-blank character (0 for a blank line). */
  end: number;
  /** Offset of the first non-blank character (the line's end when blank). */
  contentStart: number;
  /** Offset just after the last non-blank character. */
  contentEnd: number;
  blank: boolean;
}

/** The first line break at or after lastIndex. */
const BREAK = /[\r\n]/g;
/** A line of printable ASCII only (no tab): one column a code unit, measured natively. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Leading spaces, the first word and the spaces after it, when another word follows. */
const FIRST_WORD_AND_GAP = /^ *[^ ]+ +(?=[^ ])/;

/** The shape of the line that starts at `lineStart`: printable-ASCII lines (most) measured by native string calls. */
export function shapeAt(text: string, lineStart: number): LineShape {
  BREAK.lastIndex = lineStart;
  const lineEnd = BREAK.test(text) ? BREAK.lastIndex - 1 : text.length;
  const line = text.slice(lineStart, lineEnd);
  if (PRINTABLE_ASCII.test(line)) {
    const afterIndent = line.trimStart();
    if (afterIndent === '') return { indent: 0, secondWord: -1, end: 0, contentStart: lineEnd, contentEnd: lineStart, blank: true };
    const indent = line.length - afterIndent.length;
    const end = line.trimEnd().length;
    const second = FIRST_WORD_AND_GAP.exec(line);
    return { indent, secondWord: second === null ? -1 : second[0].length, end, contentStart: lineStart + indent, contentEnd: lineStart + end, blank: false };
  }
  return shapeByCodePoints(text, lineStart);
}

/** shapeAt for a line with tabs, wide or combining characters: one code point at a time (and the reference its printable-ASCII path is tested against). */
export function shapeByCodePoints(text: string, lineStart: number): LineShape {
  let column = 0;
  let indent = -1;
  let end = 0;
  let contentStart = -1;
  let contentEnd = lineStart;
  let secondWord = -1;
  let afterBlank = false;
  let i = lineStart;
  while (i < text.length && column <= MAX_MEASURED) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) break;
    const cp = text.codePointAt(i) as number;
    const units = cp > 0xffff ? 2 : 1;
    if (c === TAB || isBlankChar(c)) {
      column += c === TAB ? 8 - (column % 8) : 1;
      afterBlank = indent >= 0;
    } else {
      if (indent < 0) {
        indent = column;
        contentStart = i;
      } else if (afterBlank && secondWord < 0) secondWord = column;
      afterBlank = false;
      column += columnsOf(cp);
      end = column;
      contentEnd = i + units;
    }
    i += units;
  }
  const blank = indent < 0;
  return { indent: blank ? 0 : indent, secondWord, end, contentStart: blank ? i : contentStart, contentEnd, blank };
}

/** The start of the line before the one at `lineStart` (a line start > 0), CRLF read as one break. */
function previousLineStart(text: string, lineStart: number): number {
  let i = lineStart - 1; // the break that ends the line before
  if (text.charCodeAt(i) === LF && text.charCodeAt(i - 1) === CR) i--;
  // Back over that line (lastIndexOf would search past it to the text's start for a break kind the text lacks).
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === LF || c === CR) break;
    i--;
  }
  return i;
}

/** The start of the line after the one at `lineStart`, or -1 for the last line. */
function nextLineStartAfter(text: string, lineStart: number): number {
  BREAK.lastIndex = lineStart;
  if (!BREAK.test(text)) return -1;
  const i = BREAK.lastIndex - 1;
  return text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
}

/** A line that opens a Markdown block of its own: never a wrapped continuation. */
const BLOCK_START = /^(?:[-*+•‣◦▪·][ \t]|\d{1,9}[.)](?:[ \t]|$)|#{1,6}(?:[ \t]|$)|>|\||```|~~~|\$\$)/u;

/** Columns of the first word of a line (up to a blank, wide characters included), and whether it starts with a wide one (no space before it). */
function firstWordColumns(text: string, from: number): { columns: number; wide: boolean } {
  let columns = 0;
  for (let i = from; i < text.length && columns <= MAX_MEASURED; ) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR || isBlankChar(c)) break;
    const cp = text.codePointAt(i) as number;
    columns += columnsOf(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  return { columns, wide: isWideCodePoint(text.codePointAt(from) as number) };
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The columns a line sets the wrap width to: none for a line of one word with a letter or digit
 * in it (it may have run past the width); a rule (`────`, `=====`) is as wide as its table.
 */
function widthSetBy(text: string, shape: LineShape): number {
  return shape.secondWord < 0 && LETTER_OR_DIGIT.test(text.slice(shape.contentStart, shape.contentEnd)) ? 0 : shape.end;
}

/**
 * Whether the line that starts at `lineStart` is a wrapped continuation of the line before it
 * (see the module comment). False at offset 0 and at any offset that is not a line start.
 * (Keeping the lines read in a map for the next call was tried: no faster, more garbage.)
 */
export function isWrappedLine(text: string, lineStart: number): boolean {
  if (lineStart <= 0 || lineStart >= text.length) return false;
  const before = text.charCodeAt(lineStart - 1);
  if (before !== LF && !(before === CR && text.charCodeAt(lineStart) !== LF)) return false;
  // The cheap refusals first, on a few code units: a block start, a colon before the break.
  let first = lineStart;
  while (isBlankChar(text.charCodeAt(first))) first++;
  if (BLOCK_START.test(text.slice(first, first + 4))) return false;
  let last = lineStart - 1;
  while (last >= 0 && (text.charCodeAt(last) === LF || text.charCodeAt(last) === CR || isBlankChar(text.charCodeAt(last)))) last--;
  if (text.charCodeAt(last) === 0x3a /* : */) return false;
  const here = shapeAt(text, lineStart);
  if (here.blank) return false;
  const previousStart = previousLineStart(text, lineStart);
  const previous = shapeAt(text, previousStart);
  if (previous.blank || (previous.indent !== here.indent && previous.secondWord !== here.indent)) return false;
  const word = firstWordColumns(text, here.contentStart);
  // Between two wide characters a line wraps without a space; next to a word it needs one
  // (`、` then `/etc/cron.d`: the roff source has a space there).
  const lastWide = isWideCodePoint(text.codePointAt(previous.contentEnd - 1 - (isLowSurrogate(text.charCodeAt(previous.contentEnd - 1)) ? 1 : 0)) as number);
  const reach = previous.end + (word.wide && lastWide ? 0 : 1) + word.columns;
  // The paragraph's wrap width: the widest line of two words or more around the break (the
  // widest line of all when those are too narrow for a wrap, or there are none).
  let width = Math.max(widthSetBy(text, previous), widthSetBy(text, here));
  if (reach <= width) return false; // the word fitted: no wider line changes that
  let widest = Math.max(previous.end, here.end);
  let start = previousStart;
  for (let k = 0; k < WINDOW && start > 0; k++) {
    start = previousLineStart(text, start);
    const shape = shapeAt(text, start);
    if (shape.blank) break;
    width = Math.max(width, widthSetBy(text, shape));
    widest = Math.max(widest, shape.end);
  }
  let next = lineStart;
  for (let k = 0; k < WINDOW; k++) {
    next = nextLineStartAfter(text, next);
    if (next < 0 || next >= text.length) break;
    const shape = shapeAt(text, next);
    if (shape.blank) break;
    width = Math.max(width, widthSetBy(text, shape));
    widest = Math.max(widest, shape.end);
  }
  // Lines of two words narrower than a wrap (an option's tag over its body) leave it to the widest line.
  if (width < MIN_WRAP_WIDTH) width = widest;
  return width >= MIN_WRAP_WIDTH && reach > width;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
