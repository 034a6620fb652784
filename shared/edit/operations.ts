/**
 * Hand-correction operations. Each is a pure function of (text, segmentation, ...) that returns a
 * new valid segmentation, or the very same object when the operation does not apply here (so a
 * caller can tell "nothing to do" by identity and record no undo step). A segment or boundary
 * index out of range is a programming error and throws RangeError.
 */
import type { Segmentation, SegmentNote } from '../document/types';
import { isSafeBoundary } from '../document/text-boundaries';
import { segmentIndexAt, segmentRange } from '../document/segmentation';
import { mergedNote, reshaped, restarted, splitOffNote } from './notes';
import { nearestSnapPointBetween, sentenceStartsBetween, snapPointsBetween, unitStartAt } from './snap-points';

function checkSegment(seg: Segmentation, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= seg.notes.length) {
    throw new RangeError(`no segment ${index} (there are ${seg.notes.length})`);
  }
}

function checkBoundary(seg: Segmentation, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= seg.boundaries.length) {
    throw new RangeError(`no boundary ${index} (there are ${seg.boundaries.length})`);
  }
}

/** A safe cut strictly inside (lo, hi) at `offset` (clamped), or one code unit off it; else null. */
function safeCutInside(text: string, offset: number, lo: number, hi: number): number | null {
  const clamped = Math.min(hi - 1, Math.max(lo + 1, Math.round(offset)));
  // An unsafe offset is off by one code unit at most (inside a pair, or between CR and LF).
  for (const candidate of [clamped, clamped + 1, clamped - 1]) {
    if (candidate > lo && candidate < hi && isSafeBoundary(text, candidate)) return candidate;
  }
  return null;
}

/**
 * Where a split requested at `offset` lands inside segment [start, end): the start of the sentence
 * or line containing the offset (a line that carries on a hard-wrapped sentence does not count:
 * the sentence's own start does); when that is the segment's own start (the cursor sits in its
 * first sentence, e.g. right after clicking its outline entry), the next sentence or line start
 * inside the segment; when the segment is one single sentence, the offset itself.
 */
/** Whether the line starting at `p` carries on the sentence of the line before (hard wrapping). */
function continuesSentence(text: string, p: number): boolean {
  let q = p - 1;
  if (q < 0 || (text[q] !== '\n' && text[q] !== '\r')) return false; // not a line start
  while (q >= 0 && (text[q] === '\n' || text[q] === '\r')) q--;
  // A blank line before: a new paragraph.
  if (p - q > 2 && !(p - q === 3 && text[q + 1] === '\r' && text[q + 2] === '\n')) return false;
  while (q >= 0 && (text[q] === ' ' || text[q] === '\t')) q--;
  if (q < 0 || text[q] === '\n' || text[q] === '\r' || '.!?:;…。！？"\')]»”’'.includes(text[q] as string)) return false;
  // After a heading (which ends without a stop), or at a list item, quote or table row: a line of its own.
  const previousLine = text.slice(Math.max(text.lastIndexOf('\n', q) + 1, text.lastIndexOf('\r', q) + 1), q + 1);
  if (/^[ \t]*#/.test(previousLine)) return false;
  return !/^[ \t]*([-*+#>|]|\d+[.)])/.test(text.slice(p, p + 12));
}

/** How far around the offset a split looks for sentence starts (a longer sentence falls back to line starts). */
const SENTENCE_WINDOW = 4096;

export function splitPoint(text: string, seg: Segmentation, offset: number): number | null {
  if (text.length === 0) return null;
  const at = Math.min(text.length, Math.max(0, Math.round(offset)));
  const [start, end] = segmentRange(text, seg, segmentIndexAt(seg, at));
  // Sentence starts first: in hard-wrapped text a line starts mid-sentence, and a cut there halves
  // it. A line start counts only where a line really begins (after a blank line, a sentence's
  // end, or as a heading, list item or quote).
  const usable = (p: number) => !continuesSentence(text, p);
  const sentences = sentenceStartsBetween(text, Math.max(start, at - SENTENCE_WINDOW), Math.min(end, at + SENTENCE_WINDOW)).filter(usable);
  const unit = unitStartAt(text, at);
  if (unit !== null && unit > start && unit < end) {
    if (usable(unit)) return unit;
    const before = sentences.filter((p) => p <= at).pop();
    if (before !== undefined) return before;
  }
  const next = snapPointsBetween(text, Math.max(start, at), end).find(usable);
  if (next !== undefined) return next;
  return safeCutInside(text, at, start, end) === at ? at : null;
}

/** Splits the segment containing `offset` at its split point (see `splitPoint`). */
export function splitAt(text: string, seg: Segmentation, offset: number): Segmentation {
  const cut = splitPoint(text, seg, offset);
  if (cut === null) return seg;
  const k = segmentIndexAt(seg, cut); // the segment being split: cut is strictly inside it
  const boundaries = [...seg.boundaries.slice(0, k), cut, ...seg.boundaries.slice(k)];
  const notes = [...seg.notes.slice(0, k), reshaped(seg.notes[k] as SegmentNote), splitOffNote(seg.notes[k] as SegmentNote), ...seg.notes.slice(k + 1)];
  return { boundaries, notes };
}

/** Merges segment i with segment i + 1 (removes boundary i). */
export function mergeWithNext(text: string, seg: Segmentation, index: number): Segmentation {
  checkSegment(seg, index);
  if (index === seg.notes.length - 1) return seg;
  return deleteBoundary(text, seg, index);
}

/** Merges segment i with segment i - 1 (removes boundary i - 1). */
export function mergeWithPrevious(text: string, seg: Segmentation, index: number): Segmentation {
  checkSegment(seg, index);
  if (index === 0) return seg;
  return deleteBoundary(text, seg, index - 1);
}

/** Removes boundary b: segments b and b + 1 become one (see `mergedNote`). */
export function deleteBoundary(_text: string, seg: Segmentation, boundary: number): Segmentation {
  checkBoundary(seg, boundary);
  const merged = mergedNote(seg.notes[boundary] as SegmentNote, seg.notes[boundary + 1] as SegmentNote);
  return {
    boundaries: [...seg.boundaries.slice(0, boundary), ...seg.boundaries.slice(boundary + 1)],
    notes: [...seg.notes.slice(0, boundary), merged, ...seg.notes.slice(boundary + 2)],
  };
}

export interface MoveOptions {
  /** Snap to the nearest sentence or line start (the default); false moves freely (Alt-drag). */
  snap?: boolean;
}

/**
 * Moves boundary b towards `offset`. It stays strictly between its neighbours (it can never cross
 * or meet them) and on a safe cut. With snapping, it lands on the nearest sentence or line start
 * between the neighbours; when there is none, it moves freely.
 */
export function moveBoundary(text: string, seg: Segmentation, boundary: number, offset: number, options: MoveOptions = {}): Segmentation {
  checkBoundary(seg, boundary);
  const lo = boundary === 0 ? 0 : (seg.boundaries[boundary - 1] as number);
  const hi = boundary === seg.boundaries.length - 1 ? text.length : (seg.boundaries[boundary + 1] as number);
  const snapped = options.snap === false ? null : nearestSnapPointBetween(text, offset, lo, hi);
  const target = snapped ?? safeCutInside(text, offset, lo, hi);
  if (target === null || target === seg.boundaries[boundary]) return seg;
  const boundaries = seg.boundaries.slice();
  boundaries[boundary] = target;
  const notes = seg.notes.slice();
  notes[boundary] = reshaped(notes[boundary] as SegmentNote);
  notes[boundary + 1] = restarted(notes[boundary + 1] as SegmentNote);
  return { boundaries, notes };
}

function withNote(seg: Segmentation, index: number, change: (note: SegmentNote) => SegmentNote): Segmentation {
  checkSegment(seg, index);
  const notes = seg.notes.slice();
  notes[index] = change(seg.notes[index] as SegmentNote);
  return { boundaries: seg.boundaries, notes };
}

/** Sets segment i's topic; a blank string removes it. */
export function setTopic(_text: string, seg: Segmentation, index: number, topic: string): Segmentation {
  return withNote(seg, index, ({ topic: _old, ...rest }) => (topic.trim() === '' ? rest : { ...rest, topic }));
}

/** Sets segment i's summary; a blank string removes it. */
export function setSummary(_text: string, seg: Segmentation, index: number, summary: string): Segmentation {
  return withNote(seg, index, ({ summary: _old, ...rest }) => (summary.trim() === '' ? rest : { ...rest, summary }));
}

/** Marks segment i as reviewed by a person, or not. */
export function setReviewed(_text: string, seg: Segmentation, index: number, reviewed: boolean): Segmentation {
  return withNote(seg, index, ({ reviewed: _old, ...rest }) => (reviewed ? { ...rest, reviewed: true } : rest));
}

/**
 * Marks segment i as left out of the retrieval exports (a contents list, a licence), or back in.
 * Its boundaries stay: the training exports keep it as a segment.
 */
export function setExcluded(_text: string, seg: Segmentation, index: number, excluded: boolean): Segmentation {
  checkSegment(seg, index);
  if ((seg.notes[index]?.excluded === true) === excluded) return seg;
  return withNote(seg, index, ({ excluded: _old, ...rest }) => (excluded ? { ...rest, excluded: true } : rest));
}
