import type { Segment, Segmentation, SegmentNote } from './types';
import { isHighSurrogate, isSafeBoundary, toSafeBoundary } from './text-boundaries';
import { lowerBound } from '../util/lower-bound';
import { UserError } from '../errors';

/** A segmentation that does not cover its text exactly (e.g. one a client sent back edited). */
export class CoverageError extends UserError {
  constructor(message: string) {
    super('coverage', message);
    this.name = 'CoverageError';
  }
}

/**
 * The note of a segment nothing was said about, shared: notes are values, never changed in place
 * (every edit makes a new one), and a text of ten thousand sentences would otherwise allocate ten
 * thousand empty objects on every call. Frozen, so that a change in place fails loudly.
 */
export const EMPTY_NOTE: SegmentNote = Object.freeze({});

/**
 * Builds a segmentation from any candidate cut offsets: out-of-range, duplicate, unsorted and
 * unsafe offsets are normalised away, so the result always covers the text exactly.
 * `notes[i]` is attached to the segment that starts at the i-th *kept* cut (segment 0 starts
 * at 0); pass notes keyed by start offset through `notesByStart` instead when cuts may collapse.
 */
export function segmentationFromCuts(
  text: string,
  cuts: Iterable<number>,
  notesByStart: ReadonlyMap<number, SegmentNote> = new Map(),
): Segmentation {
  if (text.length === 0) return { boundaries: [], notes: [] };
  const boundaries = Array.isArray(cuts) ? (cleanBoundaries(text, cuts) ?? normalisedCuts(text, cuts)) : normalisedCuts(text, cuts);
  // The rule strategies' case: no notes, filled natively.
  if (notesByStart.size === 0) return { boundaries, notes: new Array<SegmentNote>(boundaries.length + 1).fill(EMPTY_NOTE) };
  const notes: SegmentNote[] = new Array<SegmentNote>(boundaries.length + 1);
  for (let i = 0; i <= boundaries.length; i++) {
    const note = notesByStart.get(i === 0 ? 0 : (boundaries[i - 1] as number));
    notes[i] = note === undefined ? EMPTY_NOTE : { ...note };
  }
  return { boundaries, notes };
}

/**
 * The strategies' usual cuts: sorted, distinct and safe, after any number of offsets at or below
 * 0 (a list of starts begins with 0). Then they are the boundaries as they stand, copied
 * natively; a check per cut instead of a copy and a check per cut. A cold call runs this loop in
 * the interpreter over every cut, so a cut asks isSafeBoundary only when the code unit before
 * it is a CR or a high surrogate, the only ones after which a cut can be unsafe.
 * Undefined for any other list.
 */
function cleanBoundaries(text: string, cuts: readonly number[]): number[] | undefined {
  const length = text.length;
  let first = 0;
  while (first < cuts.length && (cuts[first] as number) <= 0) first++;
  let previous = 0;
  for (let i = first; i < cuts.length; i++) {
    const cut = cuts[i] as number;
    // An integer inside the text (a cut is under 2^30, so `| 0` keeps an integer as it is).
    if (!(cut > previous && cut < length && (cut | 0) === cut)) return undefined;
    const before = text.charCodeAt(cut - 1);
    // Surrogates sit at 0xd800 and up: the compare keeps the call off the common path.
    if ((before === 0x0d || (before >= 0xd800 && isHighSurrogate(before))) && !isSafeBoundary(text, cut)) return undefined;
    previous = cut;
  }
  return cuts.slice(first);
}

/** Any cuts: out-of-range ones dropped, unsafe ones moved to a safe neighbour, then sorted and deduplicated. */
function normalisedCuts(text: string, cuts: Iterable<number>): number[] {
  const safeCuts: number[] = [];
  // Strategies mostly pass their cuts in increasing order: then no dedup set or sort is needed.
  let increasing = true;
  for (const cut of cuts) {
    if (!Number.isFinite(cut) || cut <= 0 || cut >= text.length) continue;
    const safe = isSafeBoundary(text, cut) ? cut : toSafeBoundary(text, cut);
    if (safe === null) continue;
    if (increasing && safeCuts.length > 0 && safe <= (safeCuts[safeCuts.length - 1] as number)) increasing = false;
    safeCuts.push(safe);
  }
  return increasing ? safeCuts : [...new Set(safeCuts)].sort((a, b) => a - b);
}

/** The single-segment segmentation of a text (none for an empty text). */
export function wholeDocument(text: string): Segmentation {
  return segmentationFromCuts(text, []);
}

/** Throws CoverageError unless the segmentation is valid for this text. */
export function assertValidSegmentation(text: string, seg: Segmentation): void {
  assertCoversLength(text.length, seg);
  for (const b of seg.boundaries) {
    if (!isSafeBoundary(text, b)) throw new CoverageError(`boundary ${b} is not a safe cut`);
  }
}

/**
 * Throws CoverageError unless the segmentation could cover a text of `chars` UTF-16 units: one
 * note per segment, boundaries strictly increasing inside it. What can be checked without the
 * text itself (a referenced source is not read just to list a workspace); assertValidSegmentation
 * adds the safe-cut check.
 */
export function assertCoversLength(chars: number, seg: Segmentation): void {
  if (chars === 0) {
    if (seg.boundaries.length !== 0 || seg.notes.length !== 0) {
      throw new CoverageError('an empty text has no segments');
    }
    return;
  }
  if (seg.notes.length !== seg.boundaries.length + 1) {
    throw new CoverageError(`expected ${seg.boundaries.length + 1} notes, got ${seg.notes.length}`);
  }
  let previous = 0;
  for (const b of seg.boundaries) {
    if (!Number.isInteger(b) || !(b > previous)) throw new CoverageError(`boundary ${b} is not after ${previous}`);
    if (b >= chars) throw new CoverageError(`boundary ${b} is not inside the text (${chars} characters)`);
    previous = b;
  }
}

/** Number of segments. */
export function segmentCount(seg: Segmentation): number {
  return seg.notes.length;
}

/** [start, end) of segment i. */
export function segmentRange(text: string, seg: Segmentation, index: number): [number, number] {
  const start = index === 0 ? 0 : seg.boundaries[index - 1];
  const end = index === seg.boundaries.length ? text.length : seg.boundaries[index];
  if (start === undefined || end === undefined) throw new RangeError(`no segment ${index}`);
  return [start, end];
}

const HEAD_WORDS = 8;
const HEAD_MAX_CHARS = 80;

/** The first words of a segment's text, on one line: what the seed's models call a head. */
export function headOf(segmentText: string): string {
  const words = segmentText.trim().split(/\s+/).slice(0, HEAD_WORDS).join(' ');
  return words.length <= HEAD_MAX_CHARS ? words : words.slice(0, HEAD_MAX_CHARS).trimEnd();
}

/** Derives the segments. Concatenating their texts gives the document back exactly. */
export function toSegments(text: string, seg: Segmentation): Segment[] {
  const segments: Segment[] = [];
  for (let i = 0; i < seg.notes.length; i++) {
    const [start, end] = segmentRange(text, seg, i);
    const segText = text.slice(start, end);
    segments.push({ index: i, start, end, text: segText, head: headOf(segText), ...seg.notes[i] });
  }
  return segments;
}

/** Index of the segment containing `offset` (the last one for offset === text.length). */
export function segmentIndexAt(seg: Segmentation, offset: number): number {
  // Offsets are integers, so the first boundary > offset is the first one >= offset + 1.
  return lowerBound(seg.boundaries, offset + 1);
}
