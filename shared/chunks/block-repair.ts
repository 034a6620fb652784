/**
 * When a cut falls inside a Markdown table or fenced code block, each piece should still read as
 * one: a table continuation gets the header row (and delimiter row) again, and a piece of a code
 * block gets its opening fence, with the language, and a closing fence. This computes what to put
 * before and after a segment's text in its exported `content`; the segment itself is untouched.
 */
import { FENCE_LINE, markdownBlocks, type Block } from '../text/blocks';
import { lineContentEnd, nextLineStart } from '../text/lines';
import { lowerBound } from '../util/lower-bound';

const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

interface Repairable {
  start: number;
  end: number;
  /** Where the block's body starts (after the header rows or the opening fence line). */
  bodyStart: number;
  /** Text to repeat in front of a piece that starts inside the body. */
  opening: string;
  /** For a closed code fence: where the closing line starts, and the line to append. */
  closingStart?: number;
  closing?: string;
}

export interface Repair {
  before: string;
  after: string;
}

function line(text: string, at: number): string {
  return text.slice(at, lineContentEnd(text, at));
}

function repairableOf(text: string, block: Block): Repairable | null {
  const openEnd = nextLineStart(text, block.start);
  if (block.kind === 'table') {
    const headerEnd = openEnd < block.end && TABLE_DELIMITER.test(line(text, openEnd)) ? nextLineStart(text, openEnd) : openEnd;
    return { start: block.start, end: block.end, bodyStart: headerEnd, opening: text.slice(block.start, headerEnd) };
  }
  const fence = block.kind === 'code' ? FENCE_LINE.exec(line(text, block.start)) : null;
  if (!fence) return null;
  const repairable: Repairable = { start: block.start, end: block.end, bodyStart: openEnd, opening: text.slice(block.start, openEnd) };
  // The last line closes the fence when it is a run of the same character, at least as long.
  let lastLine = block.start;
  for (let at = openEnd; at < block.end; at = nextLineStart(text, at)) lastLine = at;
  const marker = fence[1] as string;
  const last = line(text, lastLine).trim();
  if (lastLine > block.start && last.length >= marker.length && [...last].every((ch) => ch === marker[0])) {
    repairable.closingStart = lastLine;
    repairable.closing = last;
  }
  return repairable;
}

export class BlockRepairs {
  private readonly blocks: Repairable[];
  private readonly ends: number[];

  constructor(private readonly text: string) {
    this.blocks = markdownBlocks(text)
      .map((block) => repairableOf(text, block))
      .filter((block): block is Repairable => block !== null);
    this.ends = this.blocks.map((block) => block.end);
  }

  /** What `[start, end)` needs around it to read as whole tables and code blocks. */
  repair(start: number, end: number): Repair {
    let before = '';
    let after = '';
    // Only the first and the last block that the segment touches can be cut.
    const first = this.blocks[lowerBound(this.ends, start + 1)];
    if (first && first.start < start && start >= first.bodyStart && start < (first.closingStart ?? first.end)) {
      before = first.opening;
    }
    const last = this.blocks[lowerBound(this.ends, end)];
    if (last && last.closingStart !== undefined && end >= last.bodyStart && end <= last.closingStart) {
      const needsBreak = !/[\r\n]$/.test(this.text.slice(Math.max(0, end - 1), end));
      after = (needsBreak ? '\n' : '') + (last.closing as string) + '\n';
    }
    return { before, after };
  }
}
