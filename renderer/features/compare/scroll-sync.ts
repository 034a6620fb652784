/**
 * Scrolling the two columns of the Compare view together by text offset: the part at the top of
 * the scrolled column (and how far into it the top is) is put at the top of the other. Both
 * columns are drawn from the same blocks and parts (shared/compare/parallel-bands' pieceBlocks),
 * so the same indices name the same text in both; the one at a height is found by bisection over
 * the blocks' offsetTop, then over the parts' within the block (each block is their offsetParent).
 * Heights are read, never assumed equal: a block the browser has not drawn yet in one column
 * (content-visibility) may stand at its estimated height there.
 */

export interface FlowPlace {
  block: number;
  part: number;
  /** px from the part's first line to the place. */
  into: number;
}

function lastAtOrAbove(children: HTMLCollection, y: number): number {
  let lo = 0;
  let hi = children.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((children[mid] as HTMLElement).offsetTop <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The top of `part` of `block`, in the flow's coordinates. */
function partTop(flow: HTMLElement, block: number, part: number): number | null {
  const b = flow.children[block] as HTMLElement | undefined;
  const p = b?.children[part] as HTMLElement | undefined;
  return b && p ? b.offsetTop + p.offsetTop : null;
}

/** Where the top of `pane` (holding `flow`) is. */
export function topOf(pane: HTMLElement, flow: HTMLElement): FlowPlace {
  const y = pane.scrollTop - flow.offsetTop;
  const block = lastAtOrAbove(flow.children, y);
  const b = flow.children[block] as HTMLElement | undefined;
  if (!b) return { block: 0, part: 0, into: 0 };
  const part = lastAtOrAbove(b.children, y - b.offsetTop);
  return { block, part, into: y - (partTop(flow, block, part) ?? 0) };
}

/** The scroll position in `pane` (holding `flow`) that puts `place` at its top. */
export function scrollTopFor(pane: HTMLElement, flow: HTMLElement, place: FlowPlace): number {
  const top = partTop(flow, place.block, place.part);
  return top === null ? pane.scrollTop : flow.offsetTop + top + place.into;
}
