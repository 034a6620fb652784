/**
 * Merging the boundaries of overlapping windows. A boundary in an overlap is usually found by
 * both windows: it is kept once, with the note of the window that saw more of the segment after
 * it. A later window's first sentence looks like a segment start to the model only because the
 * window starts there, so a boundary exactly at such a window start is dropped unless the
 * previous window, which saw what came before it, found it too.
 */
import type { SegmentNote } from '../document/types';

export interface WindowCuts {
  /** Character range of the window in the document. */
  start: number;
  end: number;
  /** Boundaries the window found, as document offsets, with their notes. */
  cuts: { offset: number; note: SegmentNote }[];
}

export interface Reconciled {
  /** Document offset -> note; offset 0 stands for the first segment. */
  notesByStart: Map<number, SegmentNote>;
  /** Boundaries found by two windows and kept once. */
  duplicates: number;
  /** Boundaries dropped because they sat exactly at a later window's start. */
  edgeArtifacts: number;
}

export function reconcileWindows(windows: readonly WindowCuts[]): Reconciled {
  const chosen = new Map<number, { note: SegmentNote; seen: number }>();
  let duplicates = 0;
  let edgeArtifacts = 0;
  windows.forEach((w, k) => {
    const previous = k > 0 ? windows[k - 1] : undefined;
    for (const cut of w.cuts) {
      const atArtificialStart = previous !== undefined && cut.offset === w.start && w.start < previous.end;
      const existing = chosen.get(cut.offset);
      if (atArtificialStart && !existing) {
        edgeArtifacts++;
        continue;
      }
      const seen = w.end - cut.offset;
      if (existing) {
        duplicates++;
        // A note replaces a missing one, or one from a window that saw less of the segment.
        if (hasNote(cut.note) && (seen > existing.seen || !hasNote(existing.note))) chosen.set(cut.offset, { note: cut.note, seen });
        continue;
      }
      chosen.set(cut.offset, { note: cut.note, seen });
    }
  });
  const notesByStart = new Map<number, SegmentNote>();
  for (const [offset, { note }] of chosen) notesByStart.set(offset, note);
  return { notesByStart, duplicates, edgeArtifacts };
}

function hasNote(note: SegmentNote): boolean {
  return Boolean(note.topic || note.summary);
}
