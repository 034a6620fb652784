/**
 * Scrolling the two columns of the Compare view together by text offset: the piece at the top of
 * the scrolled column (and how far into it the top is) is put at the top of the other. Both
 * columns are drawn from the same pieces, so they line up exactly; the pieces are the flow's
 * children, in text order, so the one at a height is found by bisection over their offsetTop.
 */

/** The index of the last piece whose first line starts at or above `y` (the flow's own coordinates). */
export function pieceAtHeight(flow: HTMLElement, y: number): number {
  const pieces = flow.children;
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((pieces[mid] as HTMLElement).offsetTop <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The scroll position in `pane` (holding `flow`) that shows piece `index` at `intoPiece` px below the top. */
export function scrollTopFor(pane: HTMLElement, flow: HTMLElement, index: number, intoPiece: number): number {
  const piece = flow.children[index] as HTMLElement | undefined;
  return piece ? flow.offsetTop + piece.offsetTop + intoPiece : pane.scrollTop;
}

/** Where the top of `pane` is: the piece there and the px from that piece's first line to the top. */
export function topOf(pane: HTMLElement, flow: HTMLElement): { index: number; intoPiece: number } {
  const y = pane.scrollTop - flow.offsetTop;
  const index = pieceAtHeight(flow, y);
  const piece = flow.children[index] as HTMLElement | undefined;
  return { index, intoPiece: piece ? y - piece.offsetTop : 0 };
}
