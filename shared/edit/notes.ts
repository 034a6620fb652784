/**
 * How notes follow their segments through an edit. A note is position-free; what changes is which
 * stretch of text it describes, so:
 * - a segment whose extent changes loses `reviewed` (a person approved the old extent, not the new);
 * - a split leaves topic and summary on the first part and gives the new part an empty note;
 * - a merge keeps the first non-empty topic and joins the summaries in text order.
 */
import type { SegmentNote } from '../document/types';

/** Drops empty strings and false flags, so saved files carry only what says something. */
export function compactNote(note: SegmentNote): SegmentNote {
  const out: SegmentNote = {};
  if (note.topic !== undefined && note.topic.trim() !== '') out.topic = note.topic;
  if (note.summary !== undefined && note.summary.trim() !== '') out.summary = note.summary;
  if (note.reviewed === true) out.reviewed = true;
  if (note.continues !== undefined) out.continues = note.continues;
  return out;
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
  return out;
}
