/**
 * Where the gold headings are in a read text, and whether a segment starts there. A heading is
 * found by its words in order, with whitespace and Markdown marks (`#`, backticks, emphasis)
 * allowed between them; it starts a segment when only blank space and those marks lie between a
 * segment start and its first word. Headings are looked for in order, each after the last found.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function headingPattern(heading: string): RegExp | null {
  const words = heading.split(/\s+/).filter(Boolean).map(escape);
  if (words.length === 0) return null;
  return new RegExp(words.join('[\\s`*_]+'), 'g');
}

/**
 * Offsets of the headings in `text` (null where one is not found). A heading's words can occur
 * more than once (a table of contents lists them first): the occurrence that `prefer` accepts
 * (a segment start) is taken when there is one after the previous heading, else the first.
 */
export function locateHeadings(text: string, headings: readonly string[], prefer: (offset: number) => boolean = () => true): Array<number | null> {
  let from = 0;
  return headings.map((heading) => {
    const pattern = headingPattern(heading);
    if (!pattern) return null;
    pattern.lastIndex = from;
    let first: RegExpExecArray | null = null;
    let chosen: RegExpExecArray | null = null;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      first ??= match;
      if (prefer(match.index)) {
        chosen = match;
        break;
      }
    }
    chosen ??= first;
    if (!chosen) {
      // Out of order (a heading the reader moved): still there, found from the start.
      pattern.lastIndex = 0;
      const anywhere = pattern.exec(text);
      return anywhere ? anywhere.index : null;
    }
    from = chosen.index + chosen[0].length;
    return chosen.index;
  });
}

/** Whether a segment starts at `offset` but for blank space and Markdown marks. */
export function startsSegment(text: string, starts: readonly number[], offset: number): boolean {
  // The latest start at or before the heading.
  let lo = 0;
  let hi = starts.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= offset) {
      best = starts[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best >= 0 && /^[\s#`*_>\-\d.]*$/.test(text.slice(best, offset)) && !/\S.*\n/.test(text.slice(best, offset));
}
