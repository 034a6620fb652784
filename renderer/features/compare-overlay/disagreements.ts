/**
 * The places two segmentations disagree, for stepping through them in the text: every boundary
 * only one side has (left only or right only), in text order, one entry per offset.
 */
import type { BoundaryMark } from '../../../shared/compare/boundary-diff';

export function disagreementOffsets(marks: readonly BoundaryMark[]): number[] {
  const offsets = marks.filter((m) => m.side !== 'shared').map((m) => m.offset);
  return [...new Set(offsets)].sort((a, b) => a - b);
}

/**
 * The disagreement after (direction 1) or before (-1) `from`, wrapping round at either end so the
 * keys keep cycling; null when there is none. With `from` null, the first (or last) one.
 */
export function stepDisagreement(offsets: readonly number[], from: number | null, direction: 1 | -1): number | null {
  if (offsets.length === 0) return null;
  if (from === null) return direction > 0 ? offsets[0]! : offsets[offsets.length - 1]!;
  if (direction > 0) return offsets.find((o) => o > from) ?? offsets[0]!;
  for (let i = offsets.length - 1; i >= 0; i--) if (offsets[i]! < from) return offsets[i]!;
  return offsets[offsets.length - 1]!;
}
