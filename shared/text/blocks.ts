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
  next: number;
  content: string;
  blank: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const TOP_LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\S|[ \t]*$)/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const MATH_FENCE = /^[ \t]{0,3}\$\$/;

/** The lines of a text in one pass: where each starts and ends, its content, and whether it is blank. */
function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const length = text.length;
  let start = 0;
  while (start < length) {
    let end = start;
    let blank = true;
    let code = 0;
    for (; end < length; end++) {
      code = text.charCodeAt(end);
      if (code === 0x0a || code === 0x0d) break;
      if (blank && !isBlankChar(code)) blank = false;
    }
    const next = end === length ? length : code === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;
    lines.push({ start, next, content: text.slice(start, end), blank });
    start = next;
  }
  return lines;
}

function indentOf(content: string): number {
  let width = 0;
  for (const ch of content) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

function isTableRow(line: Line | undefined): boolean {
  return line !== undefined && !line.blank && line.content.includes('|');
}

function startsTable(lines: Line[], i: number): boolean {
  const here = lines[i];
  const below = lines[i + 1];
  if (!isTableRow(here) || below === undefined) return false;
  if (TABLE_DELIMITER.test(below.content) && below.content.includes('-')) return true;
  // A run of lines that all start with a pipe reads as a table even without a delimiter row.
  return /^[ \t]*\|/.test(here!.content) && /^[ \t]*\|/.test(below.content);
}

/** Whether a single-line $$ ... $$ formula is complete on its own line. */
function isOneLineMath(content: string): boolean {
  const trimmed = content.trim();
  return trimmed.length >= 4 && trimmed.endsWith('$$');
}

/** A line that starts a new block and so ends a paragraph. */
function interruptsParagraph(lines: Line[], i: number): boolean {
  const line = lines[i] as Line;
  return ATX_HEADING.test(line.content) || FENCE.test(line.content) || MATH_FENCE.test(line.content) || TOP_LIST_ITEM.test(line.content) || startsTable(lines, i);
}

/** Index of the first line after a block that starts at line i, and the block's kind. */
function scanBlock(lines: Line[], i: number): { kind: BlockKind; after: number } {
  const line = lines[i] as Line;
  const fence = FENCE.exec(line.content);
  if (fence) {
    const marker = fence[1] as string;
    for (let j = i + 1; j < lines.length; j++) {
      const close = FENCE.exec((lines[j] as Line).content);
      const closer = close?.[1];
      if (closer && closer[0] === marker[0] && closer.length >= marker.length && (lines[j] as Line).content.trim() === closer) {
        return { kind: 'code', after: j + 1 };
      }
    }
    return { kind: 'code', after: lines.length }; // an unclosed fence runs to the end, as in CommonMark
  }
  if (MATH_FENCE.test(line.content)) {
    if (isOneLineMath(line.content)) return { kind: 'math', after: i + 1 };
    // TeX forbids blank lines in display math, so the closing $$ must come before one.
    for (let j = i + 1; j < lines.length && !(lines[j] as Line).blank; j++) {
      if ((lines[j] as Line).content.trimEnd().endsWith('$$')) return { kind: 'math', after: j + 1 };
    }
    // An unclosed $$ is most likely a stray dollar sign: read it as a paragraph line.
  }
  if (ATX_HEADING.test(line.content)) return { kind: 'heading', after: i + 1 };
  if (startsTable(lines, i)) {
    let j = i + 1;
    while (isTableRow(lines[j])) j++;
    return { kind: 'table', after: j };
  }
  if (TOP_LIST_ITEM.test(line.content)) return { kind: 'list', after: scanList(lines, i) };
  if (indentOf(line.content) >= 4) {
    let j = i + 1;
    let after = j;
    for (; j < lines.length; j++) {
      const l = lines[j] as Line;
      if (l.blank) continue;
      if (indentOf(l.content) < 4) break;
      after = j + 1;
    }
    return { kind: 'code', after };
  }
  let j = i + 1;
  for (; j < lines.length; j++) {
    const l = lines[j] as Line;
    if (l.blank) break;
    if (SETEXT_UNDERLINE.test(l.content)) return { kind: 'heading', after: j + 1 };
    if (interruptsParagraph(lines, j)) break;
  }
  return { kind: 'paragraph', after: j };
}

/** A list runs over its items, their indented or lazy continuation lines, and blank lines between items. */
function scanList(lines: Line[], i: number): number {
  let after = i + 1;
  let previousBlank = false;
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j] as Line;
    if (l.blank) {
      previousBlank = true;
      continue;
    }
    const item = LIST_ITEM.test(l.content);
    const indented = indentOf(l.content) >= 2;
    const lazy = !previousBlank && !ATX_HEADING.test(l.content) && !FENCE.test(l.content) && !MATH_FENCE.test(l.content);
    if (!(item || indented || lazy)) break;
    after = j + 1;
    previousBlank = false;
  }
  return after;
}

/** The blocks of a text, in order. Blank lines fall between blocks and belong to none. */
export function markdownBlocks(text: string): Block[] {
  const lines = splitLines(text);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] as Line;
    if (line.blank) {
      i++;
      continue;
    }
    const { kind, after } = scanBlock(lines, i);
    blocks.push({ kind, start: line.start, end: (lines[after - 1] as Line).next });
    i = after;
  }
  return blocks;
}
