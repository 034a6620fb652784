/**
 * A change of one segmentation into another, as small as the change: the boundaries removed, the
 * boundaries added and the notes that differ, each note keyed by the start of its segment. What an
 * edit, an undo, a redo or a result shown over a correction sends to the workspace instead of the
 * whole segmentation (every one of them is a before/after pair). `diffSegmentations` walks both
 * sorted boundary lists once (O(n)); its output grows with the change, never with the document.
 * `applyDelta` is its inverse on the base, and refuses (UserError) a delta that does not fit it.
 */
import { z } from 'zod';
import type { Segmentation, SegmentNote } from '../document/types';
import { noteSchema } from '../document/schema';
import { assertValidSegmentation } from '../document/segmentation';
import { BAD_INPUT, UserError } from '../errors';

export interface NoteAt {
  /** The start offset of the segment the note belongs to (0 for the first one). */
  readonly start: number;
  readonly note: SegmentNote;
}

export interface SegmentationDelta {
  /** Boundaries of the base that the result does not have, ascending. */
  readonly removed: readonly number[];
  /** Boundaries of the result that the base does not have, ascending. */
  readonly added: readonly number[];
  /**
   * The result's notes where the base has no segment with that start or another note there,
   * ascending by start. Every other segment of the result keeps the note of the base's segment
   * that starts where it does.
   */
  readonly notes: readonly NoteAt[];
}

const offsets = z.array(z.number().int().positive()).max(10_000_000).readonly();

/** The delta's wire shape (the limits of segmentationSchema); applyDelta checks the rest. */
export const segmentationDeltaSchema = z
  .object({
    removed: offsets,
    added: offsets,
    notes: z.array(z.object({ start: z.number().int().nonnegative(), note: noteSchema }).strict().readonly()).max(10_000_001).readonly(),
  })
  .strict();

/** Whether two notes say the same (a key holding undefined counts as absent, as in JSON). */
export function sameNote(a: SegmentNote, b: SegmentNote): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/** The start of segment `i` of a segmentation of a non-empty text. */
const startOf = (boundaries: readonly number[], i: number): number => (i === 0 ? 0 : (boundaries[i - 1] as number));

/** What changes `before` into `after` (both of the same text): applyDelta(text, before, delta) equals after. */
export function diffSegmentations(before: Segmentation, after: Segmentation): SegmentationDelta {
  const removed: number[] = [];
  const added: number[] = [];
  const a = before.boundaries;
  const b = after.boundaries;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    const y = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY;
    if (x === y) {
      i++;
      j++;
    } else if (x < y) {
      removed.push(x);
      i++;
    } else {
      added.push(y);
      j++;
    }
  }
  // The notes: one walk over the result's segment starts, the base's starts followed alongside.
  const notes: NoteAt[] = [];
  let k = 0;
  for (let s = 0; s < after.notes.length; s++) {
    const start = startOf(b, s);
    while (k < before.notes.length && startOf(a, k) < start) k++;
    const note = after.notes[s] as SegmentNote;
    const kept = k < before.notes.length && startOf(a, k) === start ? (before.notes[k] as SegmentNote) : undefined;
    if (kept === undefined || !sameNote(kept, note)) notes.push({ start, note });
  }
  return { removed, added, notes };
}

/** True when the delta changes nothing. */
export function isEmptyDelta(delta: SegmentationDelta): boolean {
  return delta.removed.length === 0 && delta.added.length === 0 && delta.notes.length === 0;
}

/** Items in a delta: what its size follows (boundaries removed and added, notes sent). */
export function deltaSize(delta: SegmentationDelta): number {
  return delta.removed.length + delta.added.length + delta.notes.length;
}

function refuse(message: string): never {
  throw new UserError(BAD_INPUT, `the correction's change does not fit the saved correction: ${message}`);
}

function assertAscending(values: readonly number[], what: string): void {
  for (let i = 1; i < values.length; i++) {
    if (!((values[i] as number) > (values[i - 1] as number))) refuse(`${what} are not in ascending order (${values[i - 1]}, then ${values[i]})`);
  }
}

/**
 * `base` changed by `delta`, for the text `text`. Refused with a UserError, and nothing returned,
 * when the delta does not fit: an offset outside the text, a removed boundary the base lacks, an
 * added one it has, a note for no segment of the result, a new segment without a note; the result
 * must cover the text (assertValidSegmentation: a CoverageError otherwise).
 */
export function applyDelta(text: string, base: Segmentation, delta: SegmentationDelta): Segmentation {
  assertAscending(delta.removed, 'removed boundaries');
  assertAscending(delta.added, 'added boundaries');
  assertAscending(delta.notes.map((n) => n.start), 'note starts');
  for (const offset of [...delta.removed, ...delta.added]) {
    if (!Number.isInteger(offset) || offset <= 0 || offset >= text.length) refuse(`boundary ${offset} is not inside the text (${text.length} characters)`);
  }
  const a = base.boundaries;
  const boundaries: number[] = [];
  let r = 0;
  let d = 0;
  for (let i = 0; i <= a.length; i++) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    // Added boundaries before this base boundary.
    while (d < delta.added.length && (delta.added[d] as number) < x) boundaries.push(delta.added[d++] as number);
    if (d < delta.added.length && delta.added[d] === x) refuse(`boundary ${x} is added, but the saved correction has it already`);
    if (i === a.length) break;
    if (r < delta.removed.length && (delta.removed[r] as number) < x) refuse(`boundary ${delta.removed[r]} is removed, but the saved correction has none there`);
    if (r < delta.removed.length && delta.removed[r] === x) r++;
    else boundaries.push(x);
  }
  if (r < delta.removed.length) refuse(`boundary ${delta.removed[r]} is removed, but the saved correction has none there`);

  const notes: SegmentNote[] = [];
  if (text.length > 0) {
    let k = 0;
    let n = 0;
    for (let s = 0; s <= boundaries.length; s++) {
      const start = startOf(boundaries, s);
      while (k < base.notes.length && startOf(a, k) < start) k++;
      const sent = delta.notes[n];
      if (sent !== undefined && sent.start < start) refuse(`a note is given for offset ${sent.start}, where no segment starts`);
      if (sent !== undefined && sent.start === start) {
        notes.push(sent.note);
        n++;
      } else if (k < base.notes.length && startOf(a, k) === start) {
        notes.push(base.notes[k] as SegmentNote);
      } else {
        refuse(`the new segment at ${start} has no note`);
      }
    }
    if (n < delta.notes.length) refuse(`a note is given for offset ${delta.notes[n]!.start}, where no segment starts`);
  } else if (delta.notes.length > 0) {
    refuse('an empty text has no segments to give notes');
  }
  const result: Segmentation = { boundaries, notes };
  assertValidSegmentation(text, result);
  return result;
}

/** Index of `value` in the ascending `sorted`, or -1. */
function indexIn(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid] as number;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Whether `segmentation` shows everything `delta` says: its added boundaries, none of its removed
 * ones, and each of its notes on a segment starting where the note's does. The workspace asks it
 * before one save takes the place of another still waiting to be written (two pages saving within
 * the autosave delay): the earlier one's change must be in what is written, or it is not "saved".
 * O(d log n) for a delta of d items.
 */
export function showsDelta(segmentation: Segmentation, delta: SegmentationDelta): boolean {
  const { boundaries, notes } = segmentation;
  if (delta.added.some((b) => indexIn(boundaries, b) === -1)) return false;
  if (delta.removed.some((b) => indexIn(boundaries, b) !== -1)) return false;
  return delta.notes.every(({ start, note }) => {
    const segment = start === 0 ? 0 : indexIn(boundaries, start) + 1;
    const there = segment === 0 && start !== 0 ? undefined : notes[segment];
    return there !== undefined && sameNote(there, note);
  });
}
