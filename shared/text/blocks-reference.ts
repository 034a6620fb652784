/**
 * The Markdown block rules of blocks.ts written the obvious way: split into lines, look at each
 * line once, one `if` per rule. scanMarkdownBlocks must give exactly these blocks (a property
 * test compares them on random and corpus text); it is faster because the regular-expression
 * engine reads most lines for it. Read this file to know what the scanner does.
 */
import type { BlockKind, BlockRuns } from './blocks';
import { isBlankChar } from './lines';

interface RefLine {
  start: number;
  /** The line without its line break. */
  content: string;
  /** Where the next line starts (text.length for the last). */
  next: number;
  blank: boolean;
  /** Width of the leading spaces and tabs, tabs to the next multiple of 4. */
  indent: number;
  /** The first character that is not a space or tab ('' when none). */
  mark: string;
}

function splitLines(text: string): RefLine[] {
  const lines: RefLine[] = [];
  let start = 0;
  while (start < text.length) {
    let end = start;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    const next = text.startsWith('\r\n', end) ? end + 2 : Math.min(text.length, end + 1);
    const content = text.slice(start, end);
    let indent = 0;
    let p = 0;
    for (; p < content.length && (content[p] === ' ' || content[p] === '\t'); p++) indent = content[p] === ' ' ? indent + 1 : indent + 4 - (indent % 4);
    const blank = [...content].every((c) => isBlankChar(c.charCodeAt(0)));
    lines.push({ start, content, next, blank, indent, mark: content[p] ?? '' });
    start = next;
  }
  return lines;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const TOP_LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\S|[ \t]*$)/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const MATH_FENCE = /^[ \t]{0,3}\$\$/;

/** A table starts at a line with a pipe over a delimiter row, or at two lines that both start with a pipe. */
function startsTable(line: RefLine, below: RefLine | undefined): boolean {
  if (line.blank || !line.content.includes('|') || below === undefined) return false;
  if (TABLE_DELIMITER.test(below.content) && below.content.includes('-')) return true;
  return line.mark === '|' && below.mark === '|';
}

/** Reference for scanMarkdownBlocks: the same blocks, found line by line. */
export function markdownBlocksByLines(text: string): BlockRuns {
  const lines = splitLines(text);
  const kinds: BlockKind[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const interrupts = (k: number) => {
    const l = lines[k] as RefLine;
    return ATX_HEADING.test(l.content) || FENCE.test(l.content) || MATH_FENCE.test(l.content) || TOP_LIST_ITEM.test(l.content) || startsTable(l, lines[k + 1]);
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as RefLine;
    if (line.blank) {
      i++;
      continue;
    }
    let kind: BlockKind | undefined;
    let last = i; // the block's last line
    const fence = FENCE.exec(line.content);
    if (fence) {
      // To the line of at least as many of the same mark and nothing else, or to the text's end.
      const marker = fence[1] as string;
      const closing = new RegExp(`^ {0,3}${marker[0]}{${marker.length},}\\s*$`);
      kind = 'code';
      last = lines.length - 1;
      for (let k = i + 1; k < lines.length; k++) {
        if (closing.test((lines[k] as RefLine).content)) {
          last = k;
          break;
        }
      }
    } else if (MATH_FENCE.test(line.content)) {
      const trimmed = line.content.trim();
      if (trimmed.length >= 4 && trimmed.endsWith('$$')) kind = 'math';
      else {
        // Closed by a line ending with $$ before any blank line; unclosed, it is paragraph text.
        for (let k = i + 1; k < lines.length && !(lines[k] as RefLine).blank; k++) {
          if ((lines[k] as RefLine).content.trimEnd().endsWith('$$')) {
            kind = 'math';
            last = k;
            break;
          }
        }
      }
    }
    if (kind === undefined) {
      if (ATX_HEADING.test(line.content)) kind = 'heading';
      else if (startsTable(line, lines[i + 1])) {
        kind = 'table';
        while (last + 1 < lines.length && (lines[last + 1] as RefLine).content.includes('|')) last++;
      } else if (TOP_LIST_ITEM.test(line.content)) {
        // Items, their indented or lazy continuation lines, and blank lines between items.
        kind = 'list';
        let previousBlank = false;
        for (let k = i + 1; k < lines.length; k++) {
          const l = lines[k] as RefLine;
          if (l.blank) {
            previousBlank = true;
            continue;
          }
          const lazy = !previousBlank && !ATX_HEADING.test(l.content) && !FENCE.test(l.content) && !MATH_FENCE.test(l.content);
          if (!(LIST_ITEM.test(l.content) || l.indent >= 2 || lazy)) break;
          last = k;
          previousBlank = false;
        }
      } else if (line.indent >= 4) {
        // Indented code runs over blank lines to the last line indented 4 or more.
        kind = 'code';
        for (let k = i + 1; k < lines.length; k++) {
          const l = lines[k] as RefLine;
          if (l.blank) continue;
          if (l.indent < 4) break;
          last = k;
        }
      } else {
        // A paragraph: to a blank line or a line that starts another block; an underline makes it a heading.
        kind = 'paragraph';
        for (let k = i + 1; k < lines.length && !(lines[k] as RefLine).blank; k++) {
          if (SETEXT_UNDERLINE.test((lines[k] as RefLine).content)) {
            kind = 'heading';
            last = k;
            break;
          }
          if (interrupts(k)) break;
          last = k;
        }
      }
    }
    kinds.push(kind);
    starts.push(line.start);
    ends.push((lines[last] as RefLine).next);
    i = last + 1;
  }
  return { kinds, starts, ends };
}
