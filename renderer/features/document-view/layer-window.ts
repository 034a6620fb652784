/**
 * The bounded parts of the segment layers, pure so they are tested without an editor:
 * - which segments get Monaco decorations: those near the viewport only. Monaco's frame after a
 *   decoration change recounts every glyph-margin decoration (its lane model), so with decorations
 *   for all 50,000 segments of a large document each frame costs in proportion to them; with a
 *   window of a few screens it costs the same whatever the document.
 * - the overview ruler's marks: one per bucket of lines that holds a boundary, at most
 *   MAX_RULER_MARKS, instead of one per boundary (the ruler is a few hundred pixels tall, so more
 *   marks draw the same picture at a cost that grows with the document). A document with fewer
 *   lines than that gets one bucket per line: exactly one mark per boundary line, as before.
 */

/** Screens of lines kept decorated above and below the visible ones. */
export const WINDOW_MARGIN_SCREENS = 3;
/** Scrolling may come this many screens from the window's edge before the window moves. */
export const WINDOW_SLACK_SCREENS = 1;
/** At most this many segments decorated at once (a screen full of tiny segments, zoomed out). */
export const MAX_WINDOW_SEGMENTS = 1_500;
/** At most this many overview-ruler marks. */
export const MAX_RULER_MARKS = 1_000;

/** Model lines, first to last, both included. */
export interface LineSpan {
  first: number;
  last: number;
}

/** Segment indices, `from` included, `to` excluded. */
export interface IndexSpan {
  from: number;
  to: number;
}

/** The lines to keep decorated around `visible`: WINDOW_MARGIN_SCREENS screens each side. */
export function windowLines(visible: LineSpan, lineCount: number): LineSpan {
  const screen = Math.max(1, visible.last - visible.first + 1);
  const margin = WINDOW_MARGIN_SCREENS * screen;
  return { first: Math.max(1, visible.first - margin), last: Math.min(lineCount, visible.last + margin) };
}

/** Whether the window `current` still reaches WINDOW_SLACK_SCREENS screens beyond `visible`. */
export function windowCovers(current: LineSpan, visible: LineSpan, lineCount: number): boolean {
  const slack = WINDOW_SLACK_SCREENS * Math.max(1, visible.last - visible.first + 1);
  return current.first <= Math.max(1, visible.first - slack) && current.last >= Math.min(lineCount, visible.last + slack);
}

/** Index of the first of `starts` at or after `offset` (binary search over increasing starts). */
export function firstStartingFrom(count: number, startOf: (i: number) => number, offset: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (startOf(mid) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The segments (contiguous, increasing starts) that reach into the offsets [from, to), at most
 * MAX_WINDOW_SEGMENTS of them, kept around the one that holds `anchor` when there are more.
 */
export function segmentsInOffsets(count: number, startOf: (i: number) => number, from: number, to: number, anchor: number): IndexSpan {
  const first = Math.max(0, firstStartingFrom(count, startOf, from + 1) - 1);
  const end = firstStartingFrom(count, startOf, to);
  if (end - first <= MAX_WINDOW_SEGMENTS) return { from: first, to: Math.max(first, end) };
  const at = Math.max(0, firstStartingFrom(count, startOf, anchor + 1) - 1);
  const lo = Math.min(Math.max(first, at - MAX_WINDOW_SEGMENTS / 2), end - MAX_WINDOW_SEGMENTS);
  return { from: lo, to: lo + MAX_WINDOW_SEGMENTS };
}

/**
 * How many boundaries fall in each bucket of lines, changed by delta; reports which buckets
 * gained their first boundary or lost their last (the marks to add and remove).
 */
export class RulerBuckets {
  readonly linesPerBucket: number;
  private readonly counts = new Map<number, number>();

  constructor(lineCount: number) {
    this.linesPerBucket = Math.max(1, Math.ceil(lineCount / MAX_RULER_MARKS));
  }

  /** The bucket of a boundary on `lineNumber`. */
  bucketOf(lineNumber: number): number {
    return Math.floor((lineNumber - 1) / this.linesPerBucket);
  }

  /** The line a bucket's mark is drawn on: its first. */
  markLine(bucket: number): number {
    return bucket * this.linesPerBucket + 1;
  }

  /**
   * Counts boundaries removed from and added to the given lines; returns the buckets whose mark
   * must now appear (`shown`) or go (`hidden`).
   */
  change(removedLines: readonly number[], addedLines: readonly number[]): { shown: number[]; hidden: number[] } {
    const touched = new Map<number, number>();
    for (const line of removedLines) this.add(line, -1, touched);
    for (const line of addedLines) this.add(line, +1, touched);
    const shown: number[] = [];
    const hidden: number[] = [];
    for (const [bucket, before] of touched) {
      const now = this.counts.get(bucket) ?? 0;
      if (before === 0 && now > 0) shown.push(bucket);
      if (before > 0 && now === 0) hidden.push(bucket);
    }
    return { shown, hidden };
  }

  private add(line: number, by: number, touched: Map<number, number>): void {
    const bucket = this.bucketOf(line);
    const before = this.counts.get(bucket) ?? 0;
    if (!touched.has(bucket)) touched.set(bucket, before);
    const now = before + by;
    if (now === 0) this.counts.delete(bucket);
    else this.counts.set(bucket, now);
  }
}
