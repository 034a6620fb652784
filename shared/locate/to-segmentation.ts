import { segmentationFromCuts } from '../document/segmentation';
import type { Segmentation, SegmentNote } from '../document/types';
import type { LocateResult } from './types';

/**
 * The segmentation the placed heads describe: a cut at every placement, each segment carrying
 * its head's topic and summary. Text before the first placement becomes a segment of its own
 * (without a note), so nothing is ever lost.
 */
export function segmentationFromPlacements(text: string, result: LocateResult): Segmentation {
  const notes = new Map<number, SegmentNote>();
  for (const p of result.placements) {
    const note: SegmentNote = {};
    if (p.topic !== undefined) note.topic = p.topic;
    if (p.summary !== undefined) note.summary = p.summary;
    notes.set(p.offset, note);
  }
  return segmentationFromCuts(text, result.placements.map((p) => p.offset), notes);
}
