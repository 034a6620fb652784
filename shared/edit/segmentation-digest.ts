/**
 * A fingerprint of a segmentation (boundaries and notes): what a delta names as the state it was
 * made from, so that it is applied to that very state and to no other one that happens to carry
 * the same revision number (another page's save, a correction cleared and begun again). Not a
 * cryptographic hash: it guards against mix-ups, not against someone forging a base. Key order
 * and keys holding undefined do not count, so a segmentation and its JSON round trip agree.
 */
import type { Segmentation, SegmentNote } from '../document/types';

/** Two independent 32-bit FNV-1a style lanes: 64 bits in all, as 16 hex digits. */
class Hasher {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x5bd1e995;

  unit(value: number): void {
    this.a = Math.imul(this.a ^ (value & 0xffff), 0x01000193);
    this.b = Math.imul(this.b ^ (value & 0xffff), 0x5bd1e995);
    this.b ^= this.b >>> 15;
  }

  /** A non-negative integer below 2^53, as four 16-bit pieces. */
  integer(value: number): void {
    const low = value >>> 0;
    const high = Math.floor(value / 0x100000000);
    this.unit(low & 0xffff);
    this.unit(low >>> 16);
    this.unit(high & 0xffff);
    this.unit(high >>> 16);
  }

  string(value: string): void {
    this.integer(value.length);
    for (let i = 0; i < value.length; i++) this.unit(value.charCodeAt(i));
  }

  hex(): string {
    return (this.a >>> 0).toString(16).padStart(8, '0') + (this.b >>> 0).toString(16).padStart(8, '0');
  }
}

function hashValue(h: Hasher, value: unknown): void {
  if (typeof value === 'string') {
    h.unit(1);
    h.string(value);
  } else if (typeof value === 'boolean') {
    h.unit(value ? 2 : 3);
  } else {
    // Notes hold strings and flags today; anything else still counts, by its JSON.
    h.unit(4);
    h.string(JSON.stringify(value) ?? '');
  }
}

function hashNote(h: Hasher, note: SegmentNote): void {
  const record = note as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => record[k] !== undefined);
  if (keys.length > 1) keys.sort();
  h.integer(keys.length);
  for (const key of keys) {
    h.string(key);
    hashValue(h, record[key]);
  }
}

export function segmentationDigest(segmentation: Segmentation): string {
  const h = new Hasher();
  h.integer(segmentation.boundaries.length);
  for (const b of segmentation.boundaries) h.integer(b);
  h.integer(segmentation.notes.length);
  for (const note of segmentation.notes) hashNote(h, note);
  return h.hex();
}
