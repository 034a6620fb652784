/**
 * Every editing command, as the toolbar and the keyboard both call it. Each one reads where the
 * user is (cursor, current segment), applies a pure operation from shared/edit through the
 * history store (one undo step), and moves the view along when that helps.
 */
import { segmentIndexAt, segmentRange } from '../../../shared/document/segmentation';
import {
  deleteBoundary, mergeWithNext, mergeWithPrevious, moveBoundary, setReviewed, setSummary, setTopic, splitAt, splitPoint,
} from '../../../shared/edit/operations';
import { snapPointsBetween } from '../../../shared/edit/snap-points';
import { useSession, type SegmentationEdit } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { describeLimits, limitTokenCountsNow, overLimit } from '../outline/over-limit';
import { sizeLimitsNow } from '../../stores/size-limits';
import { useEditingStore } from './editing-store';

function current() {
  const { text, current: result } = useSession.getState();
  const segmentation = result?.segmentation ?? null;
  const count = segmentation?.notes.length ?? 0;
  const index = Math.min(useUiStore.getState().currentSegment, Math.max(0, count - 1));
  return { text, segmentation, index, count };
}

const apply = (label: string, edit: SegmentationEdit) => useSession.getState().apply(label, edit);

/** Where a split lands: the cursor, when it is in the current segment; else the segment's start. */
function splitOffset(): number | null {
  const { text, segmentation, index } = current();
  if (!segmentation) return null;
  const [start, end] = segmentRange(text, segmentation, index);
  const cursor = useEditingStore.getState().cursorOffset;
  return cursor !== null && cursor >= start && cursor < end ? cursor : start;
}

export function splitHere(): boolean {
  const { text, segmentation } = current();
  const offset = splitOffset();
  if (!segmentation || offset === null) return false;
  const cut = splitPoint(text, segmentation, offset);
  if (cut === null || !apply('split', (t, s) => splitAt(t, s, offset))) return false;
  // Select the new segment, so that the next split goes on where this one ended.
  const after = current().segmentation;
  if (after) useUiStore.getState().setCurrentSegment(segmentIndexAt(after, cut));
  return true;
}

export function mergeNext(): boolean {
  const { index, count } = current();
  return count > 0 && apply('merge with next', (t, s) => mergeWithNext(t, s, index));
}

export function mergePrevious(): boolean {
  const { index, count } = current();
  if (count === 0 || index === 0) return false;
  const done = apply('merge with previous', (t, s) => mergeWithPrevious(t, s, index));
  if (done) useUiStore.getState().setCurrentSegment(index - 1);
  return done;
}

/** Deletes the boundary at the start of the current segment (the first segment: at its end). */
export function deleteCurrentBoundary(): boolean {
  const { index, segmentation } = current();
  if (!segmentation || segmentation.boundaries.length === 0) return false;
  const boundary = index === 0 ? 0 : index - 1;
  const done = apply('delete boundary', (t, s) => deleteBoundary(t, s, boundary));
  if (done) useUiStore.getState().setCurrentSegment(boundary);
  return done;
}

/** The boundary a drag or a keyboard move acts on: the current segment's start (or the first one's end). */
export function activeBoundary(): number | null {
  const { index, segmentation } = current();
  if (!segmentation || segmentation.boundaries.length === 0) return null;
  return index === 0 ? 0 : index - 1;
}

/** Moves the active boundary to the previous or next sentence/line start (Alt+Arrow). */
export function nudgeBoundary(direction: -1 | 1, free = false): boolean {
  const { text, segmentation } = current();
  const b = activeBoundary();
  if (!segmentation || b === null) return false;
  const at = segmentation.boundaries[b] as number;
  const lo = b === 0 ? 0 : (segmentation.boundaries[b - 1] as number);
  const hi = b === segmentation.boundaries.length - 1 ? text.length : (segmentation.boundaries[b + 1] as number);
  let target: number | undefined;
  if (free) target = at + direction;
  else {
    const points = direction < 0 ? snapPointsBetween(text, lo, at) : snapPointsBetween(text, at, hi);
    target = direction < 0 ? points[points.length - 1] : points[0];
  }
  if (target === undefined) return false;
  const to = target;
  return apply('move boundary', (t, s) => moveBoundary(t, s, b, to, { snap: !free }));
}

export function toggleReviewed(): boolean {
  const { index, segmentation } = current();
  if (!segmentation) return false;
  const reviewed = segmentation.notes[index]?.reviewed === true;
  return apply(reviewed ? 'unmark reviewed' : 'mark reviewed', (t, s) => setReviewed(t, s, index, !reviewed));
}

export function editTopic(index: number, topic: string): boolean {
  return apply('edit topic', (t, s) => ((s.notes[index]?.topic ?? '') === topic ? s : setTopic(t, s, index, topic)));
}

export function editSummary(index: number, summary: string): boolean {
  return apply('edit summary', (t, s) => ((s.notes[index]?.summary ?? '') === summary ? s : setSummary(t, s, index, summary)));
}

/** Moves to the segment `delta` away (next/previous boundary) and shows it. */
export function goToSegment(delta: number): void {
  const { index, count } = current();
  const target = Math.max(0, Math.min(count - 1, index + delta));
  if (count > 0) useUiStore.getState().reveal(target);
}

/** Shows the next segment not yet marked reviewed, wrapping around; false when all are. */
export function goToNextUnreviewed(): boolean {
  const { index, segmentation, count } = current();
  if (!segmentation) return false;
  for (let step = 1; step <= count; step++) {
    const i = (index + step) % count;
    if (segmentation.notes[i]?.reviewed !== true) {
      useUiStore.getState().reveal(i);
      return true;
    }
  }
  return false;
}

/**
 * Shows the next segment (after the current one, wrapping) over Max chars or Max tokens, by the
 * outline's rule (over-limit.ts); says so when there is none.
 */
export function goToNextOverLimit(): boolean {
  const { text, segmentation, index, count } = current();
  if (!segmentation) return false;
  const limits = sizeLimitsNow();
  if (limits.maxChars === null && limits.maxTokens === null) {
    useUiStore.getState().notify('info', 'Set Max chars or Max tokens in the Run panel to find the segments over them.');
    return false;
  }
  const tokens = limitTokenCountsNow();
  let uncounted = false;
  for (let step = 1; step <= count; step++) {
    const i = (index + step) % count;
    const [start, end] = segmentRange(text, segmentation, i);
    const counted = tokens.get(`${start}:${end}`) ?? null;
    if (counted === null) uncounted = true;
    if (overLimit(end - start, counted, limits)) {
      useUiStore.getState().reveal(i);
      return true;
    }
  }
  const pending = limits.maxTokens !== null && uncounted ? ' (some segments are not counted in tokens yet)' : '';
  useUiStore.getState().notify('info', `No segment is over ${describeLimits(limits)}${pending}.`);
  return false;
}

export const undoEdit = () => useSession.getState().undo();
export const redoEdit = () => useSession.getState().redo();
