/**
 * A small Markdown block scanner: enough structure to know where a cut would break something.
 * It recognises ATX and setext headings, fenced and indented code, $$ formula blocks, pipe
 * tables, lists (with nested items, continuation lines and blank lines between items) and
 * paragraphs. Plain text comes out as paragraphs. Blank lines belong to no block.
 */
import { isBlankChar } from './lines';

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

/** A text's lines. Content strings are sliced only for the few lines a pattern could match. */
interface Lines {
  text: string;
  list: Line[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
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

function content(lines: Lines, line: Line): string {
  return lines.text.slice(line.start, line.end);
}

function fenceOf(lines: Lines, line: Line): RegExpExecArray | null {
  return canFence(line) ? FENCE.exec(content(lines, line)) : null;
}

function isAtxHeading(lines: Lines, line: Line): boolean {
  return canAtx(line) && ATX_HEADING.test(content(lines, line));
}

function isMathFence(lines: Lines, line: Line): boolean {
  return canMathFence(line) && MATH_FENCE.test(content(lines, line));
}

function isTopListItem(lines: Lines, line: Line): boolean {
  return canListItem(line) && TOP_LIST_ITEM.test(content(lines, line));
}

/**
 * The offset of the next `what` at or after `from`, text.length when none. A module function, not
 * a closure made per call: a new closure on every call would be a new call target for the
 * optimised splitLines, which V8 then throws away (deoptimises) on each later text.
 */
function nextOf(text: string, what: string, from: number): number {
  const at = text.indexOf(what, from);
  return at < 0 ? text.length : at;
}

/** The lines of a text in one pass: where each starts and ends, and what its indentation tells. */
function splitLines(text: string): Lines {
  const list: Line[] = [];
  const length = text.length;
  // The next LF, CR and pipe at or after `start` (length when none), each found by indexOf.
  let nextLf = -1;
  let nextCr = -1;
  let nextPipe = -1;
  let start = 0;
  while (start < length) {
    if (nextLf < start) nextLf = nextOf(text, '\n', start);
    if (nextCr < start) nextCr = nextOf(text, '\r', start);
    if (nextPipe < start) nextPipe = nextOf(text, '|', start);
    const end = nextLf < nextCr ? nextLf : nextCr;
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
    const next = end === length ? length : text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
    list.push({ start, end, next, blank: p === end, mark, indent, hasPipe: nextPipe < end });
    start = next;
  }
  return { text, list };
}

function isTableRow(line: Line | undefined): boolean {
  return line !== undefined && !line.blank && line.hasPipe;
}

function startsTable(lines: Lines, i: number): boolean {
  const here = lines.list[i];
  const below = lines.list[i + 1];
  if (!isTableRow(here) || below === undefined) return false;
  if (canTableDelimiter(below)) {
    const belowContent = content(lines, below);
    if (TABLE_DELIMITER.test(belowContent) && belowContent.includes('-')) return true;
  }
  // A run of lines that all start with a pipe reads as a table even without a delimiter row.
  return here!.mark === 0x7c && below.mark === 0x7c;
}

/** Whether a single-line $$ ... $$ formula is complete on its own line. */
function isOneLineMath(content: string): boolean {
  const trimmed = content.trim();
  return trimmed.length >= 4 && trimmed.endsWith('$$');
}

/** First code units (see Line.mark) with which a setext underline or a block that interrupts a paragraph can start. */
const BLOCK_MARKS = new Uint8Array(128);
for (const c of '=-#`~$*+0123456789') BLOCK_MARKS[c.charCodeAt(0)] = 1;

/** False when no can* test above could pass for a line with this mark (a table needs a pipe besides). */
function mayMarkBlock(mark: number): boolean {
  return mark >= 0 && mark < 128 && BLOCK_MARKS[mark] === 1;
}

/** A line that starts a new block and so ends a paragraph. */
function interruptsParagraph(lines: Lines, i: number): boolean {
  const line = lines.list[i] as Line;
  return isAtxHeading(lines, line) || fenceOf(lines, line) !== null || isMathFence(lines, line) || isTopListItem(lines, line) || startsTable(lines, i);
}

/** Index of the first line after a block that starts at line i, and the block's kind. */
function scanBlock(lines: Lines, i: number, mathCloses: Int32Array): { kind: BlockKind; after: number } {
  const list = lines.list;
  const line = list[i] as Line;
  const fence = fenceOf(lines, line);
  if (fence) {
    const marker = fence[1] as string;
    for (let j = i + 1; j < list.length; j++) {
      const close = fenceOf(lines, list[j] as Line);
      const closer = close?.[1];
      if (closer && closer[0] === marker[0] && closer.length >= marker.length && content(lines, list[j] as Line).trim() === closer) {
        return { kind: 'code', after: j + 1 };
      }
    }
    return { kind: 'code', after: list.length }; // an unclosed fence runs to the end, as in CommonMark
  }
  if (isMathFence(lines, line)) {
    if (isOneLineMath(content(lines, line))) return { kind: 'math', after: i + 1 };
    // TeX forbids blank lines in display math, so the closing $$ must come before one.
    const close = i + 1 < list.length ? (mathCloses[i + 1] as number) : -1;
    if (close !== -1) return { kind: 'math', after: close + 1 };
    // An unclosed $$ is most likely a stray dollar sign: read it as a paragraph line.
  }
  if (isAtxHeading(lines, line)) return { kind: 'heading', after: i + 1 };
  if (startsTable(lines, i)) {
    let j = i + 1;
    while (isTableRow(list[j])) j++;
    return { kind: 'table', after: j };
  }
  if (isTopListItem(lines, line)) return { kind: 'list', after: scanList(lines, i) };
  if (line.indent >= 4) {
    let j = i + 1;
    let after = j;
    for (; j < list.length; j++) {
      const l = list[j] as Line;
      if (l.blank) continue;
      if (l.indent < 4) break;
      after = j + 1;
    }
    return { kind: 'code', after };
  }
  return paragraphFrom(lines, i);
}

/** Whether the line can only start a paragraph: no pipe, indented under 4, and a first character no other block starts with. */
function startsPlainParagraph(line: Line): boolean {
  return !line.hasPipe && line.indent < 4 && !mayMarkBlock(line.mark);
}

/** A paragraph from line i: up to a blank line or a line that interrupts it, or a setext heading when underlined. */
function paragraphFrom(lines: Lines, i: number): { kind: BlockKind; after: number } {
  const list = lines.list;
  let j = i + 1;
  for (; j < list.length; j++) {
    const l = list[j] as Line;
    if (l.blank) break;
    if (!l.hasPipe && !mayMarkBlock(l.mark)) continue; // most paragraph lines: nothing below can match
    if (canSetext(l) && SETEXT_UNDERLINE.test(content(lines, l))) return { kind: 'heading', after: j + 1 };
    if (interruptsParagraph(lines, j)) break;
  }
  return { kind: 'paragraph', after: j };
}

/** A list runs over its items, their indented or lazy continuation lines, and blank lines between items. */
function scanList(lines: Lines, i: number): number {
  const list = lines.list;
  let after = i + 1;
  let previousBlank = false;
  for (let j = i + 1; j < list.length; j++) {
    const l = list[j] as Line;
    if (l.blank) {
      previousBlank = true;
      continue;
    }
    const item = canListItem(l) && LIST_ITEM.test(content(lines, l));
    const indented = l.indent >= 2;
    const lazy = !previousBlank && !isAtxHeading(lines, l) && fenceOf(lines, l) === null && !isMathFence(lines, l);
    if (!(item || indented || lazy)) break;
    after = j + 1;
    previousBlank = false;
  }
  return after;
}

/**
 * For each line, the first line from it on that closes a $$ block (ends with $$) before any blank
 * line, or -1. Computed once, backwards, so that a text of many unclosed $$ lines stays linear.
 */
function mathClosings(lines: Lines): Int32Array {
  const list = lines.list;
  const closes = new Int32Array(list.length).fill(-1);
  if (!lines.text.includes('$$')) return closes; // no line can end with $$: most texts, answered at once
  for (let j = list.length - 1; j >= 0; j--) {
    const line = list[j] as Line;
    if (line.blank) continue;
    closes[j] = content(lines, line).trimEnd().endsWith('$$') ? j : j + 1 < list.length ? (closes[j + 1] as number) : -1;
  }
  return closes;
}

/** The blocks of a text, in order. Blank lines fall between blocks and belong to none. */
export function markdownBlocks(text: string): Block[] {
  const lines = splitLines(text);
  const mathCloses = mathClosings(lines);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.list.length; ) {
    const line = lines.list[i] as Line;
    if (line.blank) {
      i++;
      continue;
    }
    // Most lines start a plain paragraph: the block tests of scanBlock would all fail.
    const { kind, after } = startsPlainParagraph(line) ? paragraphFrom(lines, i) : scanBlock(lines, i, mathCloses);
    blocks.push({ kind, start: line.start, end: (lines.list[after - 1] as Line).next });
    i = after;
  }
  return blocks;
}
