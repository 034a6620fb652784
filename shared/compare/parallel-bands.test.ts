import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffBoundaries } from './boundary-diff';
import { disagreements, parallelPieces, partAt, pieceBlocks, pieceIndexAt, stepIndex } from './parallel-bands';

describe('disagreements', () => {
  it('lists the boundaries one side has and the other lacks, in text order', () => {
    expect(disagreements([10, 20, 40], [10, 30, 40, 50])).toEqual([
      { offset: 20, side: 'left' },
      { offset: 30, side: 'right' },
      { offset: 50, side: 'right' },
    ]);
    expect(disagreements([5, 9], [5, 9])).toEqual([]);
  });

  it('counts near misses within the tolerance as agreement', () => {
    expect(disagreements([10, 30], [12, 40], 2)).toEqual([
      { offset: 30, side: 'left' },
      { offset: 40, side: 'right' },
    ]);
  });

  it('has one entry per one-sided boundary of the diff', () => {
    const sorted = fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { maxLength: 30 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(sorted, sorted, fc.integer({ min: 0, max: 5 }), (left, right, tol) => {
        const d = diffBoundaries(left, right, tol);
        const list = disagreements(left, right, tol);
        expect(list.length).toBe(d.leftOnly.length + d.rightOnly.length);
        expect(list.map((x) => x.offset)).toEqual([...list.map((x) => x.offset)].sort((a, b) => a - b));
      }),
    );
  });
});

describe('parallelPieces', () => {
  it('cuts the text at every boundary of either side and says what each side draws there', () => {
    expect(parallelPieces(60, [10, 20, 40], [10, 30, 40, 50])).toEqual([
      { start: 0, end: 10, leftSegment: 0, rightSegment: 0, leftMark: 'none', rightMark: 'none' },
      { start: 10, end: 20, leftSegment: 1, rightSegment: 1, leftMark: 'shared', rightMark: 'shared' },
      { start: 20, end: 30, leftSegment: 2, rightSegment: 1, leftMark: 'only', rightMark: 'missing' },
      { start: 30, end: 40, leftSegment: 2, rightSegment: 2, leftMark: 'missing', rightMark: 'only' },
      { start: 40, end: 50, leftSegment: 3, rightSegment: 3, leftMark: 'shared', rightMark: 'shared' },
      { start: 50, end: 60, leftSegment: 3, rightSegment: 4, leftMark: 'missing', rightMark: 'only' },
    ]);
  });

  it('draws a near miss within the tolerance as shared on each side at its own offset', () => {
    const pieces = parallelPieces(30, [10], [12], 2);
    expect(pieces.map((p) => [p.start, p.leftMark, p.rightMark])).toEqual([
      [0, 'none', 'none'],
      [10, 'shared', 'none'],
      [12, 'none', 'shared'],
    ]);
  });

  it("keeps a side's own boundary where the other side's one-sided boundary falls on it", () => {
    // Left 8 matches right 10 within 2; left's 10 is then left only, on top of right's (shared) 10.
    const pieces = parallelPieces(20, [8, 10], [10], 2);
    expect(pieces.find((p) => p.start === 10)).toMatchObject({ leftMark: 'only', rightMark: 'shared' });
  });

  it('covers the text exactly, and each side has as many segments as it has boundaries plus one', () => {
    const sorted = fc.uniqueArray(fc.integer({ min: 1, max: 199 }), { maxLength: 30 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(sorted, sorted, (left, right) => {
        const pieces = parallelPieces(200, left, right);
        expect(pieces[0]!.start).toBe(0);
        expect(pieces.at(-1)!.end).toBe(200);
        for (let i = 1; i < pieces.length; i++) expect(pieces[i]!.start).toBe(pieces[i - 1]!.end);
        expect(pieces.at(-1)!.leftSegment).toBe(left.length);
        expect(pieces.at(-1)!.rightSegment).toBe(right.length);
        for (const p of pieces) expect(pieceIndexAt(pieces, p.start)).toBe(pieces.indexOf(p));
      }),
    );
  });
});

describe('stepIndex', () => {
  it('goes first to the first (forward) or the last (back), then wraps round', () => {
    expect(stepIndex(3, null, 1)).toBe(0);
    expect(stepIndex(3, null, -1)).toBe(2);
    expect(stepIndex(3, 2, 1)).toBe(0);
    expect(stepIndex(3, 0, -1)).toBe(2);
    expect(stepIndex(3, 1, 1)).toBe(2);
    expect(stepIndex(0, null, 1)).toBeNull();
  });
});

describe('pieceBlocks', () => {
  const text = Array.from({ length: 40 }, (_, i) => `line ${i} of the text`).join('\n');
  const pieces = parallelPieces(text.length, [30, 95, 200, 420], [95, 300]);

  it('groups whole lines into blocks, splitting a piece across a block end into parts', () => {
    const blocks = pieceBlocks(text, pieces, 100);
    expect(blocks[0]!.start).toBe(0);
    expect(blocks.at(-1)!.end).toBe(text.length);
    for (let i = 1; i < blocks.length; i++) {
      expect(blocks[i]!.start).toBe(blocks[i - 1]!.end);
      expect(text[blocks[i]!.start - 1]).toBe('\n');
    }
    // The parts, in order, cover the text exactly and each lies in its piece.
    const parts = blocks.flatMap((b) => b.parts);
    expect(parts.map((p) => text.slice(p.start, p.end)).join('')).toBe(text);
    for (const part of parts) {
      expect(part.start).toBeGreaterThanOrEqual(pieces[part.piece]!.start);
      expect(part.end).toBeLessThanOrEqual(pieces[part.piece]!.end);
    }
    expect(parts.length).toBeGreaterThan(pieces.length);
  });

  it('keeps a text without line breaks as one block, and finds the part holding an offset', () => {
    const flat = 'x'.repeat(500);
    const blocks = pieceBlocks(flat, parallelPieces(500, [100], [250]), 100);
    expect(blocks).toHaveLength(1);
    expect(partAt(blocks, 0)).toEqual({ block: 0, part: 0 });
    expect(partAt(blocks, 250)).toEqual({ block: 0, part: 2 });
    const many = pieceBlocks(text, pieces, 100);
    const at = partAt(many, 300);
    expect(many[at.block]!.parts[at.part]!.start).toBe(300);
  });
});
