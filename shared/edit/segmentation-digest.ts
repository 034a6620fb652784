/**
 * A fingerprint of a segmentation (boundaries and notes): what a delta names as the state it was
 * made from, so that it is applied to that very state and to no other one that happens to carry
 * the same revision number (another page's save, a correction cleared and begun again). The
 * project's SHA-256 over a canonical JSON, cut to 64 bits: it guards against mix-ups, not against
 * someone forging a base. Key order and keys holding undefined do not count, so a segmentation
 * and its JSON round trip agree.
 */
import type { Segmentation, SegmentNote } from '../document/types';
import { sha256Hex } from '../util/sha256';

/** A note as its defined [key, value] pairs, in key order. */
function canonicalNote(note: SegmentNote): [string, unknown][] {
  const record = note as Record<string, unknown>;
  return Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => [key, record[key]]);
}

/** 16 hex digits. */
export function segmentationDigest(segmentation: Segmentation): string {
  return sha256Hex(JSON.stringify([segmentation.boundaries, segmentation.notes.map(canonicalNote)])).slice(0, 16);
}
