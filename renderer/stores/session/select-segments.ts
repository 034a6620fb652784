/**
 * A selector, not a store: the segment list the views draw, derived from the session's text and
 * current result. It is memoised on (text,
 * segmentation) identity so every component shares one array per change, and built from the
 * previous list: a segment whose range, place and note did not change is the very same object as
 * before (so memoised rows skip it), and one whose range did not change keeps its head. An edit
 * then computes heads only for the segments it touched (`toSegments` would re-read all 5 MB to
 * find 5,000 heads on every edit); the walk itself compares integers.
 */
import type { Segmentation, SegmentNote } from '../../../shared/document/types';
import { headOf } from '../../../shared/document/segmentation';
import { useSession } from './index';

export interface SegmentView {
  index: number;
  start: number;
  end: number;
  /** First words, exactly as the shared `headOf` gives them. */
  head: string;
  topic?: string;
  summary?: string;
  reviewed?: boolean;
  continues?: SegmentNote['continues'];
  excluded?: boolean;
  confidence?: number;
}

/** Enough text to hold a head's eight words in all but pathological segments. */
const HEAD_PREFIX_CHARS = 2048;
const HEAD_WORDS = 8;

function headAt(text: string, start: number, end: number): string {
  const prefix = text.slice(start, Math.min(end, start + HEAD_PREFIX_CHARS));
  // A ninth word in the prefix proves the eighth is complete: then the prefix gives the same head.
  const wholeEnough = prefix.length === end - start || prefix.trim().split(/\s+/).length > HEAD_WORDS;
  return headOf(wholeEnough ? prefix : text.slice(start, end));
}

function sameNote(view: SegmentView, note: SegmentNote): boolean {
  return (
    view.topic === note.topic &&
    view.summary === note.summary &&
    view.reviewed === note.reviewed &&
    view.continues === note.continues &&
    view.excluded === note.excluded &&
    view.confidence === note.confidence
  );
}

let lastText: string | null = null;
let lastSegmentation: Segmentation | null = null;
let lastSegments: SegmentView[] = [];

export function segmentsOf(text: string, segmentation: Segmentation | null): SegmentView[] {
  if (!segmentation) return [];
  if (text === lastText && segmentation === lastSegmentation) return lastSegments;
  const build = new SegmentsBuild(text, segmentation);
  build.fillTo(segmentation.notes.length);
  return build.remember();
}

/**
 * The same list as segmentsOf, built `slice` segments per step (heads cost tens of microseconds
 * each: 50,000 at once froze the window for a second). Each step yields how many are done; the
 * caller yields to the event loop between steps. Once whole, segmentsOf returns it at once.
 */
export function* segmentsInSlices(text: string, segmentation: Segmentation, slice: number): Generator<number, void> {
  if (text === lastText && segmentation === lastSegmentation) return;
  const build = new SegmentsBuild(text, segmentation);
  const count = segmentation.notes.length;
  for (let done = 0; done < count; ) {
    done = Math.min(count, done + slice);
    build.fillTo(done);
    if (done < count) yield done;
  }
  // Remembered even when an edit meanwhile remembered another list: this one is right for its own
  // segmentation (reused views are reused only where range, place and note are equal).
  build.remember();
}

/** One segment list under construction, from the previous list when it is for the same text. */
class SegmentsBuild {
  private readonly previous: SegmentView[];
  private readonly segments: SegmentView[];
  private done = 0;
  /** Where the walk stands in `previous`. */
  private j = 0;

  constructor(
    private readonly text: string,
    private readonly segmentation: Segmentation,
  ) {
    this.previous = text === lastText ? lastSegments : [];
    this.segments = new Array(segmentation.notes.length);
  }

  fillTo(to: number): void {
    const { text, previous, segments } = this;
    const { boundaries, notes } = this.segmentation;
    // Both lists are in document order: walk them together, matching segments by start.
    let j = this.j;
    for (let i = this.done; i < to; i++) {
      const start = i === 0 ? 0 : boundaries[i - 1]!;
      const end = i === boundaries.length ? text.length : boundaries[i]!;
      const note = notes[i]!;
      while (j < previous.length && previous[j]!.start < start) j++;
      const old = previous[j];
      const sameRange = old !== undefined && old.start === start && old.end === end;
      segments[i] =
        sameRange && old.index === i && sameNote(old, note) ? old : { index: i, start, end, head: sameRange ? old.head : headAt(text, start, end), ...note };
    }
    this.j = j;
    this.done = Math.max(this.done, to);
  }

  remember(): SegmentView[] {
    lastText = this.text;
    lastSegmentation = this.segmentation;
    lastSegments = this.segments;
    return this.segments;
  }
}

/** The segments on screen; empty until a result for the open document exists. */
export function useSegments(): SegmentView[] {
  const text = useSession((s) => s.text);
  const segmentation = useSession((s) => s.current?.segmentation ?? null);
  return segmentsOf(text, segmentation);
}
