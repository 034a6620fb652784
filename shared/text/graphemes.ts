/**
 * User-perceived character boundaries, for the rare hard cut inside a run with no whitespace.
 * A cut between a base letter and its combining accent, or inside an emoji ZWJ sequence, is a
 * legal boundary for the document model but would still mangle what the reader sees.
 */
import { isSafeBoundary } from '../document/text-boundaries';

/** How far around the offset to look; longer grapheme clusters fall back to a safe boundary. */
const WINDOW = 64;

let segmenter: Intl.Segmenter | undefined;

function graphemeSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'grapheme' });
  return segmenter;
}

/**
 * The largest grapheme boundary in (floor, offset], or the smallest safe boundary after
 * `offset` when the cluster around it is longer than the look-around window. Returns null
 * when no interior boundary exists in (floor, text.length).
 */
export function graphemeBoundaryAtOrBefore(text: string, offset: number, floor: number): number | null {
  if (offset <= floor) return null;
  const from = Math.max(floor, offset - WINDOW);
  const window = text.slice(from, Math.min(text.length, offset + WINDOW));
  let best: number | null = null;
  for (const { index } of graphemeSegmenter().segment(window)) {
    const at = from + index;
    if (at > offset) break;
    if (at > floor && isSafeBoundary(text, at)) best = at;
  }
  if (best !== null) return best;
  for (let at = offset; at < text.length; at++) if (at > floor && isSafeBoundary(text, at)) return at;
  return null;
}
