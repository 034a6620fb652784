/**
 * Two segmentations of one text laid side by side (the Compare view, issue 31 item 2): the text
 * cut at every boundary of either side into pieces, each piece knowing which segment it belongs to
 * on each side and what each side draws at its start, and the disagreements to step through.
 *
 * Both sides are drawn from the same pieces, so their text wraps alike and a text offset sits at
 * the same height on both: that is what lets the two columns scroll together.
 */
import { diffBoundaries, type BoundaryDiff } from './boundary-diff';

/** What one side draws where a piece starts. */
export type PieceMark =
  /** A boundary both sides have (within the tolerance). */
  | 'shared'
  /** A boundary only this side has. */
  | 'only'
  /** A boundary only the other side has: this side shows where it would be. */
  | 'missing'
  /** No boundary here on this side (a piece cut by the other side's near-miss of a shared one). */
  | 'none';

export interface ComparePiece {
  start: number;
  end: number;
  /** The segment this piece belongs to, on each side. */
  leftSegment: number;
  rightSegment: number;
  leftMark: PieceMark;
  rightMark: PieceMark;
}

/** A boundary one side has and the other lacks, in text order. */
export interface Disagreement {
  offset: number;
  /** The side that has the boundary. */
  side: 'left' | 'right';
}

/** The one-sided boundaries of a diff, in text order (left first where both sides have one at an offset). */
export function disagreementsOf(diff: BoundaryDiff): Disagreement[] {
  const out: Disagreement[] = [
    ...diff.leftOnly.map((offset): Disagreement => ({ offset, side: 'left' })),
    ...diff.rightOnly.map((offset): Disagreement => ({ offset, side: 'right' })),
  ];
  return out.sort((a, b) => a.offset - b.offset || a.side.localeCompare(b.side));
}

/** Where two sorted boundary lists disagree, boundaries within `tolerance` characters counting as one. */
export function disagreements(left: readonly number[], right: readonly number[], tolerance = 0): Disagreement[] {
  return disagreementsOf(diffBoundaries(left, right, tolerance));
}

/** The text [0, length) cut at every boundary of either side, with what each side draws at each cut. */
export function parallelPieces(length: number, left: readonly number[], right: readonly number[], tolerance = 0): ComparePiece[] {
  const diff = diffBoundaries(left, right, tolerance);
  const leftMarks = new Map<number, PieceMark>();
  const rightMarks = new Map<number, PieceMark>();
  for (const s of diff.shared) {
    leftMarks.set(s.left, 'shared');
    rightMarks.set(s.right, 'shared');
  }
  for (const o of diff.leftOnly) leftMarks.set(o, 'only');
  for (const o of diff.rightOnly) rightMarks.set(o, 'only');
  // Where the other side alone has one; a side's own boundary at that offset (matched to a near
  // miss within the tolerance) is still drawn as its own.
  for (const o of diff.leftOnly) if (!rightMarks.has(o)) rightMarks.set(o, 'missing');
  for (const o of diff.rightOnly) if (!leftMarks.has(o)) leftMarks.set(o, 'missing');
  const cuts = [...new Set([...left, ...right])].filter((o) => o > 0 && o < length).sort((a, b) => a - b);
  const starts = [0, ...cuts];
  const pieces: ComparePiece[] = [];
  let leftSegment = 0;
  let rightSegment = 0;
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    if (i > 0 && leftSet.has(start)) leftSegment++;
    if (i > 0 && rightSet.has(start)) rightSegment++;
    pieces.push({
      start,
      end: starts[i + 1] ?? length,
      leftSegment,
      rightSegment,
      leftMark: i === 0 ? 'none' : (leftMarks.get(start) ?? 'none'),
      rightMark: i === 0 ? 'none' : (rightMarks.get(start) ?? 'none'),
    });
  }
  return pieces;
}

/** The index of the piece holding `offset` (pieces cover the text in order). */
export function pieceIndexAt(pieces: readonly ComparePiece[], offset: number): number {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pieces[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The disagreement to go to from `at` (an index into the list, or null before the first step):
 * the next one (direction 1) or the previous (-1), wrapping round at either end; null when there
 * are none. The first step forward goes to the first disagreement.
 */
export function stepIndex(count: number, at: number | null, direction: 1 | -1): number | null {
  if (count === 0) return null;
  if (at === null) return direction > 0 ? 0 : count - 1;
  return (at + direction + count) % count;
}

/** A stretch of a piece inside one block. */
export interface BlockPart {
  piece: number;
  start: number;
  end: number;
}

/** A run of whole lines, drawn as one block that the browser may skip while it is off screen. */
export interface CompareBlock {
  start: number;
  end: number;
  parts: BlockPart[];
}

/**
 * The pieces grouped into blocks of whole lines of about `targetChars` each (a block ends just
 * after a line break, so drawing blocks one under another keeps every line as it was; a text with
 * no line break for longer stays one block). A piece across a block's end is split into parts.
 */
export function pieceBlocks(text: string, pieces: readonly ComparePiece[], targetChars = 4000): CompareBlock[] {
  const cuts: number[] = [];
  for (let from = targetChars; from < text.length; ) {
    const nl = text.indexOf('\n', from - 1);
    if (nl < 0 || nl + 1 >= text.length) break;
    cuts.push(nl + 1);
    from = nl + 1 + targetChars;
  }
  const bounds = [0, ...cuts, text.length];
  const blocks: CompareBlock[] = [];
  let p = 0;
  for (let b = 0; b + 1 < bounds.length; b++) {
    const start = bounds[b]!;
    const end = bounds[b + 1]!;
    const parts: BlockPart[] = [];
    while (p < pieces.length && pieces[p]!.start < end) {
      const piece = pieces[p]!;
      parts.push({ piece: p, start: Math.max(piece.start, start), end: Math.min(piece.end, end) });
      if (piece.end > end) break;
      p++;
    }
    blocks.push({ start, end, parts });
  }
  return blocks;
}

/** The block and part holding `offset`. */
export function partAt(blocks: readonly CompareBlock[], offset: number): { block: number; part: number } {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const parts = blocks[lo]?.parts ?? [];
  let part = 0;
  while (part + 1 < parts.length && parts[part + 1]!.start <= offset) part++;
  return { block: lo, part };
}
