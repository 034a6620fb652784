/**
 * User-perceived character boundaries, for the rare hard cut inside a run with no whitespace.
 * A cut between a base letter and its combining accent, or inside an emoji ZWJ sequence, is a
 * legal boundary for the document model but would still mangle what the reader sees.
 */
import { isSafeBoundary } from '../document/text-boundaries';

/** How far around the offset to look; longer grapheme clusters fall back to a safe boundary. */
const WINDOW = 64;

/**
 * Code units that never extend, join or prepend to a cluster: everything below U+0300 (combining
 * marks, ZWJ, variation selectors, Hangul jamo, regional indicators and prepended marks all lie
 * above) and the general punctuation dashes, quotes and ellipses (U+2010–U+2027, U+2030–U+205E).
 * Between two of them every offset but the middle of CR LF is a boundary: the common case,
 * answered without Intl.Segmenter.
 */
function isPlain(code: number): boolean {
  return code < 0x300 || (code >= 0x2010 && code <= 0x2027) || (code >= 0x2030 && code <= 0x205e);
}

function plainBoundary(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return false;
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return isPlain(before) && isPlain(after) && !(before === 0x0d && after === 0x0a);
}

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
  if (plainBoundary(text, offset)) return offset;
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
  if (offset + 1 < text.length && plainBoundary(text, offset + 1)) return offset + 1;
  const window = text.slice(offset, Math.min(text.length, offset + WINDOW));
  for (const { index } of graphemeSegmenter().segment(window)) {
    if (index > 0 && isSafeBoundary(text, offset + index)) return offset + index;
  }
  for (let at = offset + WINDOW; at < text.length; at++) if (isSafeBoundary(text, at)) return at;
  return text.length;
}
