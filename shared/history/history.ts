/**
 * A bounded undo/redo history of immutable values (here: one document's segmentation). It is a
 * value itself, so a store keeps it as state and every function returns a new one.
 *
 * One user gesture is one step: a click is `record`; a drag is `beginGesture`, any number of
 * `updateGesture`s, then `commitGesture` (or `cancelGesture`). A new step clears the redo side.
 * Only values live here, never UI state such as the cursor or the selection.
 */

export const DEFAULT_HISTORY_LIMIT = 200;

/** A step: the value on the far side of it, and what the step did ("split", "run structural"). */
export interface HistoryStep<T> {
  readonly value: T;
  readonly label: string;
}

export interface History<T> {
  /** Values before each step, oldest first; undo goes back to the last one. */
  readonly past: readonly HistoryStep<T>[];
  readonly present: T;
  /** Values after each undone step, nearest last; redo goes to the last one. */
  readonly future: readonly HistoryStep<T>[];
  /** The most steps kept in `past`; older ones are forgotten. */
  readonly limit: number;
  /** The value a gesture in progress started from. */
  readonly gesture: { readonly base: T; readonly label: string } | null;
}

export function createHistory<T>(initial: T, limit = DEFAULT_HISTORY_LIMIT): History<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`history limit must be a positive integer, got ${limit}`);
  return { past: [], present: initial, future: [], limit, gesture: null };
}

/** Starts over from `value` with an empty history (another document, or a reload). */
export function resetHistory<T>(h: History<T>, value: T): History<T> {
  return createHistory(value, h.limit);
}

function pushStep<T>(h: History<T>, before: T, after: T, label: string): History<T> {
  const past = [...h.past, { value: before, label }];
  return { ...h, past: past.length > h.limit ? past.slice(past.length - h.limit) : past, present: after, future: [], gesture: null };
}

/** One step from the present to `next`. An unchanged value (same object) records nothing. */
export function record<T>(h: History<T>, next: T, label: string): History<T> {
  const settled = commitGesture(h);
  if (next === settled.present) return settled;
  return pushStep(settled, settled.present, next, label);
}

/** Opens a gesture; the values it passes through are not steps. An open gesture is committed first. */
export function beginGesture<T>(h: History<T>, label: string): History<T> {
  const settled = commitGesture(h);
  return { ...settled, gesture: { base: settled.present, label } };
}

/** Shows an intermediate value of the open gesture (records a plain step when none is open). */
export function updateGesture<T>(h: History<T>, next: T): History<T> {
  if (h.gesture === null) return record(h, next, 'edit');
  return { ...h, present: next };
}

/** Ends the open gesture as one step (none when it ended where it began). */
export function commitGesture<T>(h: History<T>): History<T> {
  if (h.gesture === null) return h;
  if (h.present === h.gesture.base) return { ...h, gesture: null };
  return pushStep(h, h.gesture.base, h.present, h.gesture.label);
}

/** Abandons the open gesture, back to where it started, recording nothing. */
export function cancelGesture<T>(h: History<T>): History<T> {
  if (h.gesture === null) return h;
  return { ...h, present: h.gesture.base, gesture: null };
}

/** Steps back once. During a gesture, undo abandons the gesture instead. */
export function undo<T>(h: History<T>): History<T> {
  if (h.gesture !== null) return cancelGesture(h);
  const step = h.past[h.past.length - 1];
  if (step === undefined) return h;
  return { ...h, past: h.past.slice(0, -1), present: step.value, future: [...h.future, { value: h.present, label: step.label }] };
}

/** Steps forward once, when something was undone since the last new step. */
export function redo<T>(h: History<T>): History<T> {
  const settled = commitGesture(h);
  const step = settled.future[settled.future.length - 1];
  if (step === undefined) return settled;
  return { ...settled, past: [...settled.past, { value: settled.present, label: step.label }], present: step.value, future: settled.future.slice(0, -1) };
}

export function canUndo<T>(h: History<T>): boolean {
  return h.gesture !== null || h.past.length > 0;
}

export function canRedo<T>(h: History<T>): boolean {
  return h.future.length > 0;
}

/** What undo would take back, for a button's title; null when nothing. */
export function undoLabel<T>(h: History<T>): string | null {
  return h.gesture?.label ?? h.past[h.past.length - 1]?.label ?? null;
}

/** What redo would do again; null when nothing. */
export function redoLabel<T>(h: History<T>): string | null {
  return h.future[h.future.length - 1]?.label ?? null;
}
