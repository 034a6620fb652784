/**
 * A bounded undo/redo history of immutable values (here: one document's segmentation). It is a
 * value itself, so a store keeps it as state and every function returns a new one.
 *
 * One user gesture is one step: a click is `record`; a drag is `beginGesture`, any number of
 * `updateGesture`s, then `commitGesture` (or `cancelGesture`). A new step clears the redo side.
 * Only values live here, never UI state such as the cursor or the selection.
 */

export const DEFAULT_HISTORY_LIMIT = 200;

/**
 * How a step is kept: the change from the value before it to the value after it, and how to go
 * either way from the other side. `wholeValues` keeps both values; segmentationChanges
 * (result-changes.ts) keeps only what an edit inserted and removed, so two hundred steps of a
 * 50,000-segment document do not hold two hundred copies of its boundary array.
 */
export interface StepCodec<T, C> {
  /** The change from `before` to `after` (never the same value). */
  diff(before: T, after: T): C;
  /** The value after the step, from the one before it. */
  apply(before: T, change: C): T;
  /** The value before the step, from the one after it. */
  revert(after: T, change: C): T;
}

export interface WholeValues<T> {
  readonly before: T;
  readonly after: T;
}

/** Steps that keep both values whole: undo and redo give back the very same objects. */
export function wholeValues<T>(): StepCodec<T, WholeValues<T>> {
  return { diff: (before, after) => ({ before, after }), apply: (_, c) => c.after, revert: (_, c) => c.before };
}

/** A step: the change it made, and what it did ("split", "run structural"). */
export interface HistoryStep<C> {
  readonly change: C;
  readonly label: string;
}

export interface History<T, C = WholeValues<T>> {
  /** The steps taken to reach the present, oldest first; undo reverts the last one. */
  readonly past: readonly HistoryStep<C>[];
  readonly present: T;
  /** The steps undone since the last new step, nearest last; redo applies the last one. */
  readonly future: readonly HistoryStep<C>[];
  /** The most steps kept in `past`; older ones are forgotten. */
  readonly limit: number;
  /** The value a gesture in progress started from. */
  readonly gesture: { readonly base: T; readonly label: string } | null;
  readonly codec: StepCodec<T, C>;
}

export function createHistory<T>(initial: T, limit?: number): History<T>;
export function createHistory<T, C>(initial: T, limit: number, codec: StepCodec<T, C>): History<T, C>;
export function createHistory<T, C>(initial: T, limit = DEFAULT_HISTORY_LIMIT, codec?: StepCodec<T, C>): History<T, C> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`history limit must be a positive integer, got ${limit}`);
  return { past: [], present: initial, future: [], limit, gesture: null, codec: codec ?? (wholeValues<T>() as unknown as StepCodec<T, C>) };
}

/** Starts over from `value` with an empty history (another document, or a reload). */
export function resetHistory<T, C>(h: History<T, C>, value: T): History<T, C> {
  return createHistory(value, h.limit, h.codec);
}

function pushStep<T, C>(h: History<T, C>, before: T, after: T, label: string): History<T, C> {
  const past = [...h.past, { change: h.codec.diff(before, after), label }];
  return { ...h, past: past.length > h.limit ? past.slice(past.length - h.limit) : past, present: after, future: [], gesture: null };
}

/** One step from the present to `next`. An unchanged value (same object) records nothing. */
export function record<T, C>(h: History<T, C>, next: T, label: string): History<T, C> {
  const settled = commitGesture(h);
  if (next === settled.present) return settled;
  return pushStep(settled, settled.present, next, label);
}

/** Opens a gesture; the values it passes through are not steps. An open gesture is committed first. */
export function beginGesture<T, C>(h: History<T, C>, label: string): History<T, C> {
  const settled = commitGesture(h);
  return { ...settled, gesture: { base: settled.present, label } };
}

/** Shows an intermediate value of the open gesture (records a plain step when none is open). */
export function updateGesture<T, C>(h: History<T, C>, next: T): History<T, C> {
  if (h.gesture === null) return record(h, next, 'edit');
  return { ...h, present: next };
}

/** Ends the open gesture as one step (none when it ended where it began). */
export function commitGesture<T, C>(h: History<T, C>): History<T, C> {
  if (h.gesture === null) return h;
  if (h.present === h.gesture.base) return { ...h, gesture: null };
  return pushStep(h, h.gesture.base, h.present, h.gesture.label);
}

/** Abandons the open gesture, back to where it started, recording nothing. */
export function cancelGesture<T, C>(h: History<T, C>): History<T, C> {
  if (h.gesture === null) return h;
  return { ...h, present: h.gesture.base, gesture: null };
}

/** Steps back once. During a gesture, undo abandons the gesture instead. */
export function undo<T, C>(h: History<T, C>): History<T, C> {
  if (h.gesture !== null) return cancelGesture(h);
  const step = h.past[h.past.length - 1];
  if (step === undefined) return h;
  return { ...h, past: h.past.slice(0, -1), present: h.codec.revert(h.present, step.change), future: [...h.future, step] };
}

/** Steps forward once, when something was undone since the last new step. */
export function redo<T, C>(h: History<T, C>): History<T, C> {
  const settled = commitGesture(h);
  const step = settled.future[settled.future.length - 1];
  if (step === undefined) return settled;
  return { ...settled, past: [...settled.past, step], present: settled.codec.apply(settled.present, step.change), future: settled.future.slice(0, -1) };
}

export function canUndo<T, C>(h: History<T, C>): boolean {
  return h.gesture !== null || h.past.length > 0;
}

export function canRedo<T, C>(h: History<T, C>): boolean {
  return h.future.length > 0;
}

/** What undo would take back, for a button's title; null when nothing. */
export function undoLabel<T, C>(h: History<T, C>): string | null {
  return h.gesture?.label ?? h.past[h.past.length - 1]?.label ?? null;
}

/** What redo would do again; null when nothing. */
export function redoLabel<T, C>(h: History<T, C>): string | null {
  return h.future[h.future.length - 1]?.label ?? null;
}
