/**
 * Layout facts about the line a candidate cut point starts (or lies in): what a person sees at a
 * section change in plain text and Markdown. One pass over the lines; each candidate then costs a
 * binary search.
 */
import { FENCE_LINE } from '../text/blocks';
import { lineContentEnd, lineStarts } from '../text/lines';
import { lowerBound } from '../util/lower-bound';

const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S/;
const ATX_HEADING = /^\s{0,3}#{1,6}\s/;
const ENDS_LIKE_PROSE = /[.!?:;,)\]"'”’]\s*$/;

interface LineFacts {
  start: number;
  content: string;
  blank: boolean;
  indent: number;
  /** Inside a fenced code block (the fence lines themselves count as outside). */
  inCode: boolean;
  /** A fence line that opens a code block. */
  opensFence: boolean;
}

export interface LayoutFacts {
  lineStart: boolean;
  blankLinesBefore: number;
  headingLike: boolean;
  previousHeadingLike: boolean;
  listItem: boolean;
  previousListItem: boolean;
  codeFence: boolean;
  insideCode: boolean;
  afterCode: boolean;
  indentChange: boolean;
  previousEndsWithColon: boolean;
}

const TABLE_ROW = /^\s*\|/;
const HTML_TAG = /^\s*<\/?[A-Za-z!]/;
const QUOTE = /^\s*>/;
const IMAGE_OR_BADGE = /^\s*\[?!\[/;
const EMPHASIS_LINE = /^\s*(?:\*\*|__)/;

/** What a line is, in a word: code, list, table, html, quote, image, emphasis, heading or prose. */
function lineKind(line: LineFacts | undefined): string {
  if (!line) return 'start';
  if (line.inCode || FENCE_LINE.test(line.content)) return 'code';
  if (LIST_ITEM.test(line.content)) return 'list';
  if (TABLE_ROW.test(line.content)) return 'table';
  if (HTML_TAG.test(line.content)) return 'html';
  if (QUOTE.test(line.content)) return 'quote';
  if (IMAGE_OR_BADGE.test(line.content)) return 'image';
  if (EMPHASIS_LINE.test(line.content)) return 'emphasis';
  if (headingLike(line)) return 'heading';
  return 'prose';
}

function headingLike(line: LineFacts | undefined): boolean {
  if (!line || line.blank) return false;
  const text = line.content.trim();
  if (ATX_HEADING.test(line.content)) return true;
  return text.length <= 80 && !ENDS_LIKE_PROSE.test(text) && !LIST_ITEM.test(line.content) && /\p{Lu}/u.test(text.charAt(0));
}

export class LayoutIndex {
  private readonly starts: number[];
  private readonly lines: LineFacts[];

  constructor(text: string) {
    this.starts = lineStarts(text);
    let inCode = false;
    this.lines = this.starts.map((start) => {
      const content = text.slice(start, lineContentEnd(text, start));
      const fence = FENCE_LINE.test(content);
      const facts: LineFacts = { start, content, blank: content.trim() === '', indent: content.length - content.trimStart().length, inCode: inCode && !fence, opensFence: fence && !inCode };
      if (fence) inCode = !inCode;
      return facts;
    });
  }

  /** The nearest non-blank line before line `index`, and how many blank lines lie between. */
  private previousContent(index: number): { line: LineFacts | undefined; blanks: number } {
    let blanks = 0;
    for (let i = index - 1; i >= 0; i--) {
      const line = this.lines[i] as LineFacts;
      if (!line.blank) return { line, blanks };
      blanks++;
    }
    return { line: undefined, blanks };
  }

  /**
   * The change of line kind at a line start, with the blank lines between ("code > prose, 1
   * blank"); '' for a candidate inside a line.
   */
  transition(offset: number): string {
    const found = lowerBound(this.starts, offset);
    if (this.starts[found] !== offset) return '';
    const { line: previous, blanks } = this.previousContent(found);
    return `${lineKind(previous)} > ${lineKind(this.lines[found])}, ${Math.min(blanks, 2)} blank`;
  }

  at(offset: number): LayoutFacts {
    const found = lowerBound(this.starts, offset);
    const lineStart = this.starts[found] === offset;
    const index = lineStart ? found : found - 1;
    const line = this.lines[index] as LineFacts;
    const { line: previous, blanks } = lineStart ? this.previousContent(index) : { line: undefined, blanks: 0 };
    return {
      lineStart,
      blankLinesBefore: Math.min(blanks, 2),
      headingLike: lineStart && headingLike(line),
      previousHeadingLike: lineStart && headingLike(previous),
      listItem: lineStart && LIST_ITEM.test(line.content),
      previousListItem: lineStart && previous !== undefined && LIST_ITEM.test(previous.content),
      codeFence: lineStart && line.opensFence,
      insideCode: line.inCode,
      afterCode: lineStart && previous !== undefined && FENCE_LINE.test(previous.content),
      indentChange: lineStart && previous !== undefined && previous.indent !== line.indent,
      previousEndsWithColon: lineStart && previous !== undefined && /:\s*$/.test(previous.content),
    };
  }
}
