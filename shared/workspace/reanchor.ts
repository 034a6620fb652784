/**
 * Re-anchoring: when a document's source text has changed, find each boundary again by the text
 * that followed it (its anchor, saved with the segmentation) instead of keeping its old offset,
 * which would now point somewhere else. The shared head locator does the finding, in order, so a
 * boundary can never jump ahead of the next one; anchors it cannot place are reported, and their
 * segment merges into the one before it, so no text is lost and nothing is silently misplaced.
 */
import { isSafeBoundary } from '../document/text-boundaries';
import type { Segmentation, SegmentNote } from '../document/types';
import { mergedNote, reshaped } from '../edit/notes';
import { locateHeads } from '../locate';
import type { UnplacedBoundary } from './types';

export interface ReanchorResult {
  segmentation: Segmentation;
  placed: number;
  /** Placed only approximately (the anchor's text itself was edited). */
  approximate: number;
  unplaced: UnplacedBoundary[];
}

export const REANCHOR_MIN_SCORE = 0.85;

/** Offset of the first non-whitespace character of `anchor` (the locator trims heads). */
function leadingSpace(anchor: string): number {
  return anchor.length - anchor.trimStart().length;
}

export function reanchorSegmentation(newText: string, old: Segmentation, anchors: readonly string[]): ReanchorResult {
  if (anchors.length !== old.boundaries.length) {
    throw new RangeError(`expected one anchor per boundary (${old.boundaries.length}), got ${anchors.length}`);
  }
  if (newText.length === 0) {
    return { segmentation: { boundaries: [], notes: [] }, placed: 0, approximate: 0, unplaced: old.boundaries.map((b, i) => ({ oldOffset: b, anchor: anchors[i] as string })) };
  }
  // No snapping: a boundary placed by hand between sentences must come back exactly where it was.
  // A stricter score than for model heads: an anchor is a verbatim copy, so a weak match is a miss.
  const located = locateHeads(newText, anchors.map((head) => ({ head })), { snapDistance: 0, minScore: REANCHOR_MIN_SCORE });
  const found = new Map(located.placements.map((p) => [p.inputIndex, p]));
  const boundaries: number[] = [];
  const notes: SegmentNote[] = [{ ...(old.notes[0] ?? {}) }];
  const unplaced: UnplacedBoundary[] = [];
  let approximate = 0;
  old.boundaries.forEach((oldOffset, i) => {
    const anchor = anchors[i] as string;
    const note = old.notes[i + 1] ?? {};
    const placement = found.get(i);
    let offset = placement?.offset;
    if (offset !== undefined) {
      // Step back over the whitespace the anchor began with, when the new text has it too.
      const lead = leadingSpace(anchor);
      if (lead > 0 && newText.slice(offset - lead, offset) === anchor.slice(0, lead)) offset -= lead;
    }
    const previous = boundaries[boundaries.length - 1] ?? 0;
    if (offset === undefined || offset <= previous || !isSafeBoundary(newText, offset)) {
      unplaced.push({ oldOffset, anchor });
      notes[notes.length - 1] = mergedNote(notes[notes.length - 1] as SegmentNote, note);
      return;
    }
    if (placement?.tier === 'approximate') approximate++;
    boundaries.push(offset);
    // A segment whose start had to be found approximately has changed text: its review is void.
    notes.push(placement?.tier === 'approximate' ? reshaped(note) : { ...note });
  });
  return { segmentation: { boundaries, notes }, placed: boundaries.length, approximate, unplaced };
}
