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
 * The largest grapheme boundary in (floor, offset]. Returns null when the cluster that starts
 * at `floor` reaches past `offset`. A cluster longer than the look-around window (only seen in
 * deliberately stacked combining marks) is cut at the nearest safe boundary instead.
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
  if (best !== null || from === floor) return best;
  for (let at = offset; at > floor; at--) if (isSafeBoundary(text, at)) return at;
  return null;
}

/** The first grapheme boundary after `offset` (text.length at the end). */
export function graphemeBoundaryAfter(text: string, offset: number): number {
  const window = text.slice(offset, Math.min(text.length, offset + WINDOW));
  for (const { index } of graphemeSegmenter().segment(window)) {
    if (index > 0 && isSafeBoundary(text, offset + index)) return offset + index;
  }
  for (let at = offset + WINDOW; at < text.length; at++) if (isSafeBoundary(text, at)) return at;
  return text.length;
}
