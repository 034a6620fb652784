/**
 * The chain of Markdown headings in effect at an offset: what a reader would see in a table of
 * contents above that point. Built once per text, answered per chunk by binary search.
 */
import { markdownBlocks } from '../text/blocks';
import { lineContentEnd, nextLineStart } from '../text/lines';
import { lowerBound } from '../util/lower-bound';

export interface Heading {
  start: number;
  level: number;
  title: string;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

function headingAt(text: string, start: number, end: number): Heading | null {
  const first = text.slice(start, lineContentEnd(text, start));
  const atx = ATX.exec(first);
  if (atx) return { start, level: (atx[1] as string).length, title: (atx[2] ?? '').trim() };
  // Setext: the title lines, then an underline of '=' (level 1) or '-' (level 2).
  const lines: string[] = [];
  for (let at = start; at < end; at = nextLineStart(text, at)) lines.push(text.slice(at, lineContentEnd(text, at)));
  const underline = lines.pop()?.trim() ?? '';
  const title = lines.map((line) => line.trim()).join(' ');
  if (title === '') return null;
  return { start, level: underline.startsWith('=') ? 1 : 2, title };
}

export class HeadingIndex {
  private readonly starts: number[];
  private readonly headings: Heading[];
  /** The open chain just after each heading (that heading last), built in one pass. */
  private readonly chains: Heading[][];

  constructor(text: string) {
    this.headings = markdownBlocks(text)
      .filter((block) => block.kind === 'heading')
      .map((block) => headingAt(text, block.start, block.end))
      .filter((heading): heading is Heading => heading !== null && heading.title !== '');
    this.starts = this.headings.map((heading) => heading.start);
    this.chains = [];
    let open: Heading[] = [];
    for (const heading of this.headings) {
      open = [...withoutLevelsFrom(open, heading.level), heading];
      this.chains.push(open);
    }
  }

  /**
   * Titles of the headings above `offset`, outermost first. When the chunk itself opens with a
   * heading, that heading's earlier siblings (and their children) are not part of its chain.
   */
  chainAt(offset: number): string[] {
    const before = lowerBound(this.starts, offset);
    let chain = before > 0 ? (this.chains[before - 1] as Heading[]) : [];
    const own = this.headings[before];
    if (own && own.start === offset) chain = withoutLevelsFrom(chain, own.level);
    return chain.map((heading) => heading.title);
  }
}

function withoutLevelsFrom(chain: readonly Heading[], level: number): Heading[] {
  let keep = chain.length;
  while (keep > 0 && (chain[keep - 1] as Heading).level >= level) keep--;
  return chain.slice(0, keep);
}
