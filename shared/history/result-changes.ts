/**
 * History steps of a document's segmentation result that share structure: a hand edit changes a
 * boundary or two and a note or two, so its step keeps only those (where, what was removed, what
 * was inserted) and undo/redo splice them back. The present result is the one whole copy; a
 * 50,000-segment document's two hundred steps then hold a few numbers each instead of two hundred
 * boundary arrays. A step that changed more than the segmentation (a run's result: another
 * strategy, warnings, meta) keeps both results whole.
 */
import type { Segmentation, SegmentationResult, SegmentNote } from '../document/types';
import type { StepCodec } from './history';

/** One stretch of a list replaced by another: `removed` at `at` before, `inserted` there after. */
export interface Splice<E> {
  readonly at: number;
  readonly removed: readonly E[];
  readonly inserted: readonly E[];
}

export interface SegmentationDelta {
  readonly boundaries: Splice<number>;
  /** Notes are compared by identity: the edit operations keep untouched notes as they were. */
  readonly notes: Splice<SegmentNote>;
}

export type ResultChange =
  | { readonly kind: 'segmentation'; readonly delta: SegmentationDelta }
  | { readonly kind: 'whole'; readonly before: SegmentationResult; readonly after: SegmentationResult };

/** The shortest stretch that differs: the common head and tail are left out. */
function spliceBetween<E>(before: readonly E[], after: readonly E[]): Splice<E> {
  const shorter = Math.min(before.length, after.length);
  let head = 0;
  while (head < shorter && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < shorter - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { at: head, removed: before.slice(head, before.length - tail), inserted: after.slice(head, after.length - tail) };
}

/** `list` with `take` (which must be there) replaced by `put` at `at`: the one copy an undo or redo makes. */
function spliced<E>(list: readonly E[], at: number, take: readonly E[], put: readonly E[]): E[] {
  for (let i = 0; i < take.length; i++) {
    if (list[at + i] !== take[i]) throw new Error('history step does not fit the present segmentation');
  }
  return list.slice(0, at).concat(put as E[], list.slice(at + take.length));
}

export function diffSegmentations(before: Segmentation, after: Segmentation): SegmentationDelta {
  return { boundaries: spliceBetween(before.boundaries, after.boundaries), notes: spliceBetween(before.notes, after.notes) };
}

export function applySegmentationDelta(before: Segmentation, delta: SegmentationDelta): Segmentation {
  const { boundaries: b, notes: n } = delta;
  return { boundaries: spliced(before.boundaries, b.at, b.removed, b.inserted), notes: spliced(before.notes, n.at, n.removed, n.inserted) };
}

export function revertSegmentationDelta(after: Segmentation, delta: SegmentationDelta): Segmentation {
  const { boundaries: b, notes: n } = delta;
  return { boundaries: spliced(after.boundaries, b.at, b.inserted, b.removed), notes: spliced(after.notes, n.at, n.inserted, n.removed) };
}

/** True when `after` is `before` with only its segmentation replaced (a hand edit). */
function onlySegmentationChanged(before: SegmentationResult, after: SegmentationResult): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (key !== 'segmentation' && before[key as keyof SegmentationResult] !== after[key as keyof SegmentationResult]) return false;
  }
  return true;
}

/** The history codec for segmentation results (see the module's comment). */
export const segmentationChanges: StepCodec<SegmentationResult, ResultChange> = {
  diff: (before, after) =>
    onlySegmentationChanged(before, after)
      ? { kind: 'segmentation', delta: diffSegmentations(before.segmentation, after.segmentation) }
      : { kind: 'whole', before, after },
  apply: (before, change) =>
    change.kind === 'whole' ? change.after : { ...before, segmentation: applySegmentationDelta(before.segmentation, change.delta) },
  revert: (after, change) =>
    change.kind === 'whole' ? change.before : { ...after, segmentation: revertSegmentationDelta(after.segmentation, change.delta) },
};
