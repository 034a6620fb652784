/**
 * The structure plain text gives itself without Markdown, read on top of scanMarkdownBlocks:
 *
 * - Indented prose: when most lines with content are indented 4 columns or more (a man page as
 *   `man` prints it, body at 7 columns), indentation is the body's margin, not code: what the
 *   Markdown scanner read as indented code is read as paragraphs again.
 * - Plain headings (kind 'heading'): a line that starts with a letter or digit, is short, has no
 *   run of three blanks inside (a running header's columns), and ends with no sentence
 *   punctuation, colon or comma (standing alone, a question mark is allowed), when it
 *   - stands alone as a one-line paragraph or a one-line numbered item ("Installation",
 *     "2.1 Scope", "1. Introduction") with a block after it that is no heading, no heading
 *     just before it (a one-line body is no heading), and, in indented prose, left of the
 *     body's margin or ending with a question mark (an FAQ's entry); or
 *   - starts a paragraph, indented at most 3 columns, over lines indented deeper (a man page's
 *     `DESCRIPTION`, `BESCHREIBUNG`, `ОПИСАНИЕ`, `描述` over its body), or is all capitals
 *     ("WARNING" over its text). The heading line becomes a block of its own. In indented prose
 *     a line at the left margin over lines indented deeper is a section heading as `man` prints
 *     it even when it starts with an opening bracket or ends with a colon (the colophon
 *     sections of Chinese man pages: `[中文版维护人]`, `《中国linux论坛man手册页翻译计划》:`).
 * - Introductions: a paragraph whose last line ends with a colon, followed by a list, code,
 *   table or formula block, or by a paragraph indented deeper: it introduces that block.
 * Nothing here depends on a language: letters are Unicode letters, capitals Unicode capitals.
 */
import { FENCE_LINE, scanMarkdownBlocks, type BlockKind, type BlockRuns } from './blocks';
import { paragraphStartsIn } from './lines';

/** Blocks with, for each, the start of its line that introduces the block after it (a line ending with a colon), or -1. */
export interface StructureBlocks extends BlockRuns {
  introductions: number[];
}

/** The longest heading line, in code points once trimmed; a standalone line must be shorter still. */
const MAX_HEADING = 80;
const MAX_STANDALONE_HEADING = 60;
/** Share of the lines with content that must be indented 4 or more for indentation to be a margin. */
const INDENTED_PROSE_SHARE = 0.6;

const HEADING_START = /^[\p{L}\p{N}]/u;
/** What a heading does not end with: sentence punctuation (Latin and CJK), a colon, a comma, a semicolon, closers after them. */
const SENTENCE_LIKE_END = /[.!?…;:,。！？：；，、]["'”’»)\]]*$/u;
/** The same, less the question mark: a line standing alone may be a question ("Why a small model?"). */
const STANDALONE_SENTENCE_LIKE_END = /[.!…;:,。！：；，、]["'”’»)\]]*$/u;
/** At the left margin of indented prose a heading may also start with an opening bracket or quote. */
const MARGIN_HEADING_START = /^[\p{L}\p{N}\p{Ps}\p{Pi}]/u;
/** And it may end with a colon: only sentence punctuation, a semicolon or a comma ends no heading there. */
const MARGIN_SENTENCE_LIKE_END = /[.!?…;,。！？；，、]["'”’»)\]]*$/u;
/** A question mark (Latin or full-width) at the end of a line, closers after it. */
const QUESTION_END = /[?？]["'”’»)\]]*$/u;
const CAPITALS_ONLY = /^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$/u;
const COLUMN_GAP = /\S[ \t]{3,}\S/;
const NUMBERED_ITEM = /^ {0,3}\d{1,9}[.)][ \t]+\S/;

function indentOf(text: string, lineStart: number): number {
  let indent = 0;
  for (let i = lineStart; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20) indent++;
    else if (c === 0x09) indent += 4 - (indent % 4);
    else break;
  }
  return indent;
}

/** Whether the line is shaped as a heading (see the module comment), `max` code points at most. */
function isHeadingLine(line: string, max: number, ends = SENTENCE_LIKE_END, starts = HEADING_START): boolean {
  if (line.length > 4 * max) return false; // longer in code units than any heading (and not read through)
  const trimmed = line.trim();
  if (trimmed === '' || !starts.test(trimmed) || ends.test(trimmed)) return false;
  if (trimmed.length > max && [...trimmed].length > max) return false; // code points, counted only when it matters
  return !COLUMN_GAP.test(trimmed);
}

/** The first line break at or after lastIndex, found natively (a long line is not walked in JavaScript). */
const BREAK = /[\r\n]/g;

function lineEnd(text: string, lineStart: number): number {
  BREAK.lastIndex = lineStart;
  return BREAK.test(text) ? BREAK.lastIndex - 1 : text.length;
}

function lineAt(text: string, lineStart: number): string {
  return text.slice(lineStart, lineEnd(text, lineStart));
}

/** The start of the line after the one at `lineStart` (text.length after the last). */
function nextLineStart(text: string, lineStart: number): number {
  const end = lineEnd(text, lineStart);
  return end < text.length && text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : Math.min(text.length, end + 1);
}

/** Whether most lines with content are indented 4 columns or more (a tab reaches 4). */
function isIndentedProse(text: string): boolean {
  let lines = 0;
  let indented = 0;
  for (let start = 0; start < text.length; start = nextLineStart(text, start)) {
    let i = start;
    while (text.charCodeAt(i) === 0x20 && i - start < 4) i++;
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || i >= text.length) continue;
    if (i - start === 4 || c === 0x09) indented++;
    else if (/\s/.test(text[i] as string) && lineAt(text, start).trim() === '') continue;
    lines++;
  }
  return lines > 0 && indented >= lines * INDENTED_PROSE_SHARE;
}

/** The blocks of a text as scanMarkdownBlocks reads them, with the plain structure above on top. */
export function structureBlocks(text: string): StructureBlocks {
  const markdown = scanMarkdownBlocks(text);
  const prose = isIndentedProse(text);
  const kinds: BlockKind[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const push = (kind: BlockKind, start: number, end: number) => {
    kinds.push(kind);
    starts.push(start);
    ends.push(end);
  };
  /** Indices of the headings that are one-line paragraphs standing alone. */
  const standalone = new Set<number>();
  const count = markdown.kinds.length;
  for (let i = 0; i < count; i++) {
    const kind = markdown.kinds[i] as BlockKind;
    const start = markdown.starts[i] as number;
    const end = markdown.ends[i] as number;
    const last = i === count - 1;
    if (kind === 'code' && prose && !FENCE_LINE.test(lineAt(text, start))) {
      // Indented "code" in indented prose: its paragraphs, each read for a heading line like any other.
      const paragraphs = paragraphStartsIn(text, start, end);
      for (let k = 0; k < paragraphs.length; k++) paragraph(paragraphs[k] as number, paragraphs[k + 1] ?? end, last && k === paragraphs.length - 1);
      continue;
    }
    if (kind === 'paragraph') {
      paragraph(start, end, last);
      continue;
    }
    const oneLine = nextLineStart(text, start) >= end;
    if (kind === 'list' && oneLine && !last && markdown.kinds[i + 1] !== 'list' && NUMBERED_ITEM.test(lineAt(text, start)) && isHeadingLine(lineAt(text, start).replace(/^\s*\d+[.)]/, 'x'), MAX_STANDALONE_HEADING)) {
      push('heading', start, end);
      continue;
    }
    push(kind, start, end);
  }

  /** A paragraph block: a plain heading, a heading line over the rest, or a paragraph. */
  function paragraph(start: number, end: number, lastBlock: boolean): void {
    const first = lineAt(text, start);
    const second = nextLineStart(text, start);
    const oneLine = second >= end || lineAt(text, second).trim() === '';
    if (oneLine) {
      // A heading's one-line body ("NAME" over "ls - list directory contents") is no heading.
      const afterHeading = kinds[kinds.length - 1] === 'heading';
      // In indented prose, a line at the body's margin is body text ("       Internet RFC 952"),
      // unless it asks a question: an FAQ's entry (perlfaq's `如何发邮件？`, `How do I …?`).
      const atMargin = prose && indentOf(text, start) >= 4 && !QUESTION_END.test(first.trimEnd());
      const heading = !lastBlock && !afterHeading && !atMargin && isHeadingLine(first, MAX_STANDALONE_HEADING, STANDALONE_SENTENCE_LIKE_END);
      if (heading) standalone.add(kinds.length);
      push(heading ? 'heading' : 'paragraph', start, end);
      return;
    }
    const indent = indentOf(text, start);
    const overIndented = indent <= 3 && indentOf(text, second) >= indent + 2;
    const sectionLine = prose && indent === 0 && overIndented && isHeadingLine(first, MAX_HEADING, MARGIN_SENTENCE_LIKE_END, MARGIN_HEADING_START);
    if (sectionLine || (isHeadingLine(first, MAX_HEADING) && (overIndented || CAPITALS_ONLY.test(first)))) {
      push('heading', start, second);
      push('paragraph', second, end);
      return;
    }
    push('paragraph', start, end);
  }

  // A line standing alone over a heading is not the heading of that section: the line after is.
  for (const i of standalone) if (kinds[i + 1] === 'heading') kinds[i] = 'paragraph';

  const introductions = kinds.map((kind, i) => {
    if (kind !== 'paragraph' || i + 1 >= kinds.length) return -1;
    // The paragraph's last character that is not whitespace must be a colon; its line introduces.
    let last = (ends[i] as number) - 1;
    while (last > (starts[i] as number) && /\s/.test(text[last] as string)) last--;
    if (text[last] !== ':') return -1;
    let lastLine = last;
    while (lastLine > (starts[i] as number) && text[lastLine - 1] !== '\n' && text[lastLine - 1] !== '\r') lastLine--;
    const next = kinds[i + 1] as BlockKind;
    const introduced = next === 'list' || next === 'code' || next === 'table' || next === 'math' || (next === 'paragraph' && indentOf(text, starts[i + 1] as number) > indentOf(text, lastLine));
    return introduced ? lastLine : -1;
  });
  return { kinds, starts, ends, introductions };
}
