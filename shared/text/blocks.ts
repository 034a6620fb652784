/**
 * A small Markdown block scanner: enough structure to know where a cut would break something.
 * It recognises ATX and setext headings, fenced and indented code, $$ formula blocks, pipe
 * tables, lists (with nested items, continuation lines and blank lines between items) and
 * paragraphs. Plain text comes out as paragraphs. Blank lines belong to no block.
 */
import { BLANK_CLASS_SOURCE, isBlankChar, LINE_BREAK_SOURCE } from './lines';

export type BlockKind = 'heading' | 'paragraph' | 'code' | 'math' | 'table' | 'list';

export interface Block {
  kind: BlockKind;
  /** Offset of the block's first line. */
  start: number;
  /** Offset just after the block's last line break (text.length for the last line). */
  end: number;
}

/** Blocks that must never be cut inside. */
export const ATOMIC_KINDS: ReadonlySet<BlockKind> = new Set(['code', 'math', 'table', 'list']);

interface Line {
  start: number;
  /** Where the content ends, before the line break. */
  end: number;
  next: number;
  blank: boolean;
  /** The first code unit that is not a space or tab (-1 when none): it decides which patterns can match. */
  mark: number;
  /** Width of the leading spaces and tabs, tabs to the next multiple of 4. */
  indent: number;
  hasPipe: boolean;
}

/**
 * A code fence's opening as a regular-expression source: up to three spaces, then three or more
 * backticks or tildes (the run captured). The one fence expression of shared/: the block scanner,
 * the chunk repairer and the learned layout features read fences with it.
 */
export const FENCE_OPENING_SOURCE = ' {0,3}(`{3,}|~{3,})';
/** A line that opens (or closes) a fenced code block, tested on the line's content. */
export const FENCE_LINE = new RegExp(`^${FENCE_OPENING_SOURCE}`);
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const TOP_LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\S|[ \t]*$)/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const MATH_FENCE = /^[ \t]{0,3}\$\$/;

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Each pattern above can match only when the line's first non-space, non-tab code unit is one of these. */
const canFence = (l: Line) => l.mark === 0x60 /* ` */ || l.mark === 0x7e /* ~ */;
const canAtx = (l: Line) => l.mark === 0x23 /* # */;
const canSetext = (l: Line) => l.mark === 0x3d /* = */ || l.mark === 0x2d /* - */;
const canListItem = (l: Line) => l.mark === 0x2d || l.mark === 0x2a /* * */ || l.mark === 0x2b /* + */ || isDigit(l.mark);
const canTableDelimiter = (l: Line) => l.mark === 0x7c /* | */ || l.mark === 0x3a /* : */ || l.mark === 0x2d;
const canMathFence = (l: Line) => l.mark === 0x24 /* $ */;

function content(text: string, line: Line): string {
  return text.slice(line.start, line.end);
}

function fenceOf(text: string, line: Line): RegExpExecArray | null {
  return canFence(line) ? FENCE_LINE.exec(content(text, line)) : null;
}

function isAtxHeading(text: string, line: Line): boolean {
  return canAtx(line) && ATX_HEADING.test(content(text, line));
}

function isMathFence(text: string, line: Line): boolean {
  return canMathFence(line) && MATH_FENCE.test(content(text, line));
}

function isTopListItem(text: string, line: Line): boolean {
  return canListItem(line) && TOP_LIST_ITEM.test(content(text, line));
}

/**
 * The line that closes a fenced code block opened with `marker`, searched from a line break on
 * (lastIndex): up to three spaces, a run of at least as many of the marker's character, then
 * only whitespace as String.prototype.trim sees it (\s, less the line breaks), to the line's
 * break or the text's end: what fenceOf and `content.trim() === closer` accept. A code block's
 * lines never reach JavaScript. The patterns of short markers are kept (texts use few).
 */
const CLOSING_FENCES = new Map<string, RegExp>();
function closingFence(marker: string): RegExp {
  let pattern = CLOSING_FENCES.get(marker);
  if (pattern === undefined) {
    // The marker is backticks or tildes, neither special in a pattern.
    pattern = new RegExp(`[\\r\\n] {0,3}${marker[0]}{${marker.length},}[^\\S\\r\\n]*(?:\\r\\n|\\r|\\n|$)`, 'g');
    if (marker.length <= 16) CLOSING_FENCES.set(marker, pattern);
  }
  return pattern;
}

/**
 * Where a fenced code block opened with `marker` ends, its opening line's next line starting at
 * `next` (text.length when the opening line is the last): after its closing line, or at the
 * text's end when unclosed, as in CommonMark.
 */
function fencedCodeEnd(text: string, next: number, marker: string): number {
  const closing = closingFence(marker);
  closing.lastIndex = next - 1; // the opening line's break, when it has one
  return next < text.length && closing.test(text) ? closing.lastIndex : text.length;
}

/** The first line break (CR or LF) at or after lastIndex; and the first pipe or line break. */
const LINE_BREAK = /[\r\n]/g;
const PIPE_OR_BREAK = /[\r\n|]/g;

/**
 * The line that starts at `start` (undefined at or past the text's end), read when the scanner
 * needs it: most lines of a text are skipped by the expressions below and never become objects.
 * The ends are found by the regular expression engine, so a text of one kind of line break (or
 * none) costs no repeated search to its end.
 */
function lineAt(text: string, start: number): Line | undefined {
  const length = text.length;
  if (start >= length) return undefined;
  LINE_BREAK.lastIndex = start;
  const end = LINE_BREAK.test(text) ? LINE_BREAK.lastIndex - 1 : length;
  PIPE_OR_BREAK.lastIndex = start;
  const hasPipe = PIPE_OR_BREAK.test(text) && PIPE_OR_BREAK.lastIndex - 1 < end;
  let indent = 0;
  let p = start;
  for (; p < end; p++) {
    const code = text.charCodeAt(p);
    if (code === SPACE) indent += 1;
    else if (code === TAB) indent += 4 - (indent % 4);
    else break;
  }
  const mark = p < end ? text.charCodeAt(p) : -1;
  while (p < end && isBlankChar(text.charCodeAt(p))) p++;
  return { start, end, next: nextLineStart(text, end), blank: p === end, mark, indent, hasPipe };
}

/** Where the line whose content ends at `end` (its break, or text.length) is followed by the next. */
function nextLineStart(text: string, end: number): number {
  return end === text.length ? end : text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
}

/** From lastIndex (a line start), a fence opening as FENCE matches it, and the rest of its line: the line is not blank and starts a fenced code block. */
const FENCE_LINE_AT = new RegExp(`${FENCE_OPENING_SOURCE}[^\\r\\n]*`, 'y');

/** The end of the fenced code block that starts at `start` (a line start), or -1 when no fence opens there: no line object. */
function fencedCodeAt(text: string, start: number): number {
  FENCE_LINE_AT.lastIndex = start;
  const fence = FENCE_LINE_AT.exec(text);
  if (fence === null) return -1;
  // The closing search starts at the opening line's break (its CR, for a CRLF: a fence line
  // cannot start at the LF after it), as fencedCodeEnd's does at the LF.
  const closing = closingFence(fence[1] as string);
  closing.lastIndex = FENCE_LINE_AT.lastIndex;
  return closing.lastIndex < text.length && closing.test(text) ? closing.lastIndex : text.length;
}

/** First code units (see Line.mark) with which a setext underline or a block that interrupts a paragraph can start. */
const BLOCK_MARK_CHARS = '=-#`~$*+0123456789';
const BLOCK_MARKS = new Uint8Array(128);
for (const c of BLOCK_MARK_CHARS) BLOCK_MARKS[c.charCodeAt(0)] = 1;

/** False when no can* test above could pass for a line with this mark (a table needs a pipe besides). */
function mayMarkBlock(mark: number): boolean {
  return mark >= 0 && mark < 128 && BLOCK_MARKS[mark] === 1;
}

const BREAK_SOURCE = LINE_BREAK_SOURCE;
/**
 * From lastIndex (a line start), over every following line that ends in a line break and that
 * nothing but a paragraph can hold: no pipe, and after spaces and tabs either a first character
 * that is neither blank nor a block mark (so mayMarkBlock is false and the line is not blank), or
 * one of the marks that often starts a paragraph followed by what no block has there: a `*` not
 * followed by a space or tab (no list item: emphasis), one or two backticks not followed by a third
 * (no fence: inline code). A subset of the lines paragraphFrom would go on over one by one; the
 * others it still reads itself. The first character settles which branch a line takes and
 * nothing follows the loop, so it never backtracks into an earlier line.
 */
const PLAIN_REST = `(?:[^${BLANK_CLASS_SOURCE}\\r\\n|${BLOCK_MARK_CHARS.replace('-', '\\-')}]|\\*[^ \\t\\r\\n|]|\`{1,2}[^\`\\s|])[^\\r\\n|]*${BREAK_SOURCE}`;
const PLAIN_LINES = new RegExp(`(?:[ \\t]*${PLAIN_REST})*`, 'y');
/**
 * From lastIndex (a line start), a line that can only start a paragraph (up to three spaces
 * before its first character: indented under 4; see PLAIN_REST) and ends in a line break, then
 * PLAIN_LINES: a paragraph's first lines, without a line object. Fails (leaving the line to
 * lineAt) otherwise.
 */
const PLAIN_PARAGRAPH = new RegExp(` {0,3}${PLAIN_REST}(?:[ \\t]*${PLAIN_REST})*`, 'y');
/** From lastIndex (a line start), over every following blank line that ends in a line break. */
const BLANK_LINES = new RegExp(`(?:[${BLANK_CLASS_SOURCE}]*${BREAK_SOURCE})*`, 'y');
/** A blank line at lastIndex (a line start), the last one too. */
const BLANK_LINE = new RegExp(`[${BLANK_CLASS_SOURCE}]*(?:${BREAK_SOURCE}|$)`, 'y');

/** The offset after the lines the sticky `pattern` runs over from `from` (`from` when it fails). */
function skip(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.test(text) ? pattern.lastIndex : from;
}

function isBlankLineAt(text: string, start: number): boolean {
  BLANK_LINE.lastIndex = start;
  return BLANK_LINE.test(text);
}

function isTableRow(line: Line | undefined): boolean {
  return line !== undefined && !line.blank && line.hasPipe;
}

function startsTable(text: string, here: Line): boolean {
  if (!isTableRow(here)) return false;
  const below = lineAt(text, here.next);
  if (below === undefined) return false;
  if (canTableDelimiter(below)) {
    const belowContent = content(text, below);
    if (TABLE_DELIMITER.test(belowContent) && belowContent.includes('-')) return true;
  }
  // A run of lines that all start with a pipe reads as a table even without a delimiter row.
  return here.mark === 0x7c && below.mark === 0x7c;
}

/** From lastIndex (a line start), over every following line that isTableRow would pass (a pipe makes it not blank) and that ends in a line break. */
const TABLE_ROWS = new RegExp(`(?:[^\\r\\n|]*\\|[^\\r\\n]*${BREAK_SOURCE})*`, 'y');

/** Whether a single-line $$ ... $$ formula is complete on its own line. */
function isOneLineMath(content: string): boolean {
  const trimmed = content.trim();
  return trimmed.length >= 4 && trimmed.endsWith('$$');
}

/** A line that starts a new block and so ends a paragraph. */
function interruptsParagraph(text: string, line: Line): boolean {
  return isAtxHeading(text, line) || fenceOf(text, line) !== null || isMathFence(text, line) || isTopListItem(text, line) || startsTable(text, line);
}

/**
 * The line that closes a $$ block opened just before `from`: the first line from `from` on that
 * ends with $$, before any blank line (null when none). The last answer is kept, with the range
 * of starts it holds for, so that a text of many unclosed $$ lines stays linear.
 */
class MathCloser {
  private from = -1;
  /** Starts in [from, until] have the same answer. */
  private until = -1;
  private found: Line | null = null;
  /** Whether the text holds $$ at all: asked on the first $$ line (most texts have none). */
  private possible: boolean | undefined;

  constructor(private readonly text: string) {}

  closing(from: number): Line | null {
    this.possible ??= this.text.includes('$$'); // no line can end with $$ otherwise: answered at once
    if (!this.possible) return null;
    if (this.from <= from && from <= this.until) return this.found;
    this.from = from;
    this.found = null;
    let at = from;
    for (let line = lineAt(this.text, from); line !== undefined && !line.blank; line = lineAt(this.text, line.next)) {
      at = line.start;
      if (content(this.text, line).trimEnd().endsWith('$$')) {
        this.found = line;
        break;
      }
      at = line.next;
    }
    this.until = at;
    return this.found;
  }
}

interface Scanned {
  kind: BlockKind;
  /** Offset just after the block's last line break. */
  end: number;
}

/** The block that starts at `line`: its kind and where it ends. */
function scanBlock(text: string, line: Line, maths: MathCloser): Scanned {
  const fence = fenceOf(text, line);
  if (fence) {
    return { kind: 'code', end: fencedCodeEnd(text, line.next, fence[1] as string) };
  }
  if (isMathFence(text, line)) {
    if (isOneLineMath(content(text, line))) return { kind: 'math', end: line.next };
    // TeX forbids blank lines in display math, so the closing $$ must come before one.
    const close = maths.closing(line.next);
    if (close !== null) return { kind: 'math', end: close.next };
    // An unclosed $$ is most likely a stray dollar sign: read it as a paragraph line.
  }
  if (isAtxHeading(text, line)) return { kind: 'heading', end: line.next };
  if (startsTable(text, line)) {
    // The rows that end in a line break at once; then a last row the text may end with.
    const end = skip(TABLE_ROWS, text, line.next);
    const last = lineAt(text, end);
    return { kind: 'table', end: isTableRow(last) ? (last as Line).next : end };
  }
  if (isTopListItem(text, line)) return { kind: 'list', end: listEnd(text, line.next) };
  if (line.indent >= 4) {
    let last = line;
    for (let l = lineAt(text, line.next); l !== undefined; l = lineAt(text, l.next)) {
      if (l.blank) continue;
      if (l.indent < 4) break;
      last = l;
    }
    return { kind: 'code', end: last.next };
  }
  return paragraphFrom(text, skip(PLAIN_LINES, text, line.next));
}

/** Whether the line can only start a paragraph: no pipe, indented under 4, and a first character no other block starts with. */
function startsPlainParagraph(line: Line): boolean {
  return !line.hasPipe && line.indent < 4 && !mayMarkBlock(line.mark);
}

/**
 * The rest of a paragraph from `at`, a line start where PLAIN_LINES has already run (the caller
 * skips the plain lines after the paragraph's first): up to a blank line or a line that
 * interrupts it, or a setext heading when underlined. One expression call fewer per paragraph
 * than skipping at the top of the loop (which ran once more on the line that ends it).
 */
function paragraphFrom(text: string, at: number): Scanned {
  while (at < text.length && !isBlankLineAt(text, at)) {
    const l = lineAt(text, at) as Line;
    if (l.hasPipe || mayMarkBlock(l.mark)) {
      if (canSetext(l) && SETEXT_UNDERLINE.test(content(text, l))) return { kind: 'heading', end: l.next };
      if (interruptsParagraph(text, l)) break;
    }
    at = skip(PLAIN_LINES, text, l.next); // most paragraph lines: nothing above can match
  }
  return { kind: 'paragraph', end: at };
}

/**
 * From lastIndex (a line start after a list line that is not blank), over every following line
 * that listEnd would take as a lazy continuation without reading it: not blank (its first code
 * unit after spaces and tabs is no blank), and that first code unit none of #, `, ~ and $, with
 * which alone a heading, a fence or a formula can start; each ending in a line break.
 */
const LAZY_LIST_LINES = new RegExp(`(?:[ \\t]*[^${BLANK_CLASS_SOURCE}\\r\\n#\`~$][^\\r\\n]*${BREAK_SOURCE})*`, 'y');

/** A list runs over its items, their indented or lazy continuation lines, and blank lines between items; its first line ends where the next starts (`next`). */
function listEnd(text: string, next: number): number {
  let at = skip(LAZY_LIST_LINES, text, next);
  let end = at;
  let previousBlank = false;
  for (;;) {
    // The blank lines that end in a line break at once; the last line of the text may be blank too.
    const afterBlanks = skip(BLANK_LINES, text, at);
    if (afterBlanks > at) {
      previousBlank = true;
      at = afterBlanks;
    }
    const l = lineAt(text, at);
    if (l === undefined) break;
    if (l.blank) {
      previousBlank = true;
      at = l.next;
      continue;
    }
    const item = canListItem(l) && LIST_ITEM.test(content(text, l));
    const indented = l.indent >= 2;
    const lazy = !previousBlank && !isAtxHeading(text, l) && fenceOf(text, l) === null && !isMathFence(text, l);
    if (!(item || indented || lazy)) break;
    end = at = skip(LAZY_LIST_LINES, text, l.next); // after a line with content: the lazy lines at once
    previousBlank = false;
  }
  return end;
}

/** Blocks as three parallel arrays: block i is kinds[i], starts[i], ends[i]. */
export interface BlockRuns {
  kinds: BlockKind[];
  starts: number[];
  ends: number[];
}

/**
 * The blocks of a text, in order. Blank lines fall between blocks and belong to none. No object
 * per block: a cold call, the one a command makes, pays for every object it makes and every
 * property it reads, and a long document has thousands of blocks.
 */
export function scanMarkdownBlocks(text: string): BlockRuns {
  const maths = new MathCloser(text);
  const kinds: BlockKind[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const length = text.length;
  let at = skip(BLANK_LINES, text, 0);
  while (at < length) {
    // Most blocks are paragraphs whose first lines PLAIN_PARAGRAPH reads at once, and which a
    // blank line ends: the blank lines after it are the skip every block ends with anyway.
    const plain = skip(PLAIN_PARAGRAPH, text, at);
    if (plain > at) {
      const next = skip(BLANK_LINES, text, plain);
      if (next > plain) {
        kinds.push('paragraph');
        starts.push(at);
        ends.push(plain);
        at = next;
        continue;
      }
      const { kind, end } = paragraphFrom(text, plain);
      kinds.push(kind);
      starts.push(at);
      ends.push(end);
      at = skip(BLANK_LINES, text, end);
      continue;
    }
    // Fenced code blocks, the next most common, without a line object.
    const code = fencedCodeAt(text, at);
    if (code >= 0) {
      kinds.push('code');
      starts.push(at);
      ends.push(code);
      at = skip(BLANK_LINES, text, code);
      continue;
    }
    const line = lineAt(text, at) as Line; // at < length
    if (line.blank) {
      at = skip(BLANK_LINES, text, line.next);
      continue;
    }
    // Most other lines start a plain paragraph too: the block tests of scanBlock would all fail.
    const { kind, end } = startsPlainParagraph(line) ? paragraphFrom(text, skip(PLAIN_LINES, text, line.next)) : scanBlock(text, line, maths);
    kinds.push(kind);
    starts.push(at);
    ends.push(end);
    at = skip(BLANK_LINES, text, end);
  }
  return { kinds, starts, ends };
}

/** The blocks of a text, in order, one object each. Blank lines fall between blocks and belong to none. */
export function markdownBlocks(text: string): Block[] {
  const { kinds, starts, ends } = scanMarkdownBlocks(text);
  return kinds.map((kind, i) => ({ kind, start: starts[i] as number, end: ends[i] as number }));
}
