/**
 * How notes follow their segments through an edit. A note is position-free; what changes is which
 * stretch of text it describes, so:
 * - a segment whose extent changes loses `reviewed` (a person approved the old extent, not the new);
 * - a split leaves topic and summary on the first part and gives the new part an empty note;
 * - a merge keeps the first non-empty topic and joins the summaries in text order;
 * - `excluded` (left out of the retrieval exports) stays on every part of an excluded segment, and
 *   a merge is excluded only when both halves were (no text a person kept is dropped silently);
 * - `confidence` belongs to the boundary a segment starts at: it stays while that start stays,
 *   and a merge keeps the first half's (its start is the merged segment's).
 */
import type { SegmentNote } from '../document/types';

/** Drops empty strings and false flags, so saved files carry only what says something. */
export function compactNote(note: SegmentNote): SegmentNote {
  const out: SegmentNote = {};
  if (note.topic !== undefined && note.topic.trim() !== '') out.topic = note.topic;
  if (note.summary !== undefined && note.summary.trim() !== '') out.summary = note.summary;
  if (note.reviewed === true) out.reviewed = true;
  if (note.continues !== undefined) out.continues = note.continues;
  if (note.excluded === true) out.excluded = true;
  if (isConfidence(note.confidence)) out.confidence = note.confidence;
  return out;
}

/** A confidence worth keeping: a number in [0, 1] (never NaN). */
export function isConfidence(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= 1;
}

/** The note of a new segment cut off `from`'s segment: empty, but left out of export as `from` was. */
export function splitOffNote(from: SegmentNote): SegmentNote {
  return from.excluded === true ? { excluded: true } : {};
}

/** The note of a segment whose start moved: its boundary's confidence was about the old start. */
export function restarted(note: SegmentNote): SegmentNote {
  const { confidence: _confidence, ...rest } = reshaped(note);
  return rest;
}

/** The note of a segment whose extent changed. */
export function reshaped(note: SegmentNote): SegmentNote {
  const { reviewed: _reviewed, ...rest } = note;
  return compactNote(rest);
}

/** The note of two adjacent segments merged into one. */
export function mergedNote(first: SegmentNote, second: SegmentNote): SegmentNote {
  const a = compactNote(first);
  const b = compactNote(second);
  const summaries = [a.summary, b.summary].filter((s): s is string => s !== undefined).map((s) => s.trim());
  const out: SegmentNote = {};
  const topic = a.topic ?? b.topic;
  if (topic !== undefined) out.topic = topic;
  if (summaries.length > 0) out.summary = summaries.join(' ');
  // The merged segment starts where the first did.
  if (a.continues !== undefined) out.continues = a.continues;
  if (a.excluded === true && b.excluded === true) out.excluded = true;
  if (a.confidence !== undefined) out.confidence = a.confidence;
  return out;
}
