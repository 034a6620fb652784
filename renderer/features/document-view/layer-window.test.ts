import { describe, expect, it } from 'vitest';
import { MAX_RULER_MARKS, MAX_WINDOW_SEGMENTS, RulerBuckets, segmentsInOffsets, windowCovers, windowLines } from './layer-window';

/** Segment starts every `size` characters over `count` segments. */
const every = (size: number) => (i: number) => i * size;

describe('the decorated window', () => {
  it('reaches three screens above and below the visible lines, within the document', () => {
    expect(windowLines({ first: 100, last: 139 }, 10_000)).toEqual({ first: 1, last: 259 });
    expect(windowLines({ first: 500, last: 539 }, 10_000)).toEqual({ first: 380, last: 659 });
    expect(windowLines({ first: 9_990, last: 10_000 }, 10_000)).toEqual({ first: 9_957, last: 10_000 });
  });

  it('moves only when the viewport comes within a screen of its edge', () => {
    const window = windowLines({ first: 500, last: 539 }, 10_000);
    expect(windowCovers(window, { first: 540, last: 579 }, 10_000)).toBe(true);
    expect(windowCovers(window, { first: 580, last: 619 }, 10_000)).toBe(true);
    expect(windowCovers(window, { first: 581, last: 620 }, 10_000)).toBe(false);
    expect(windowCovers(window, { first: 420, last: 459 }, 10_000)).toBe(true);
    expect(windowCovers(window, { first: 419, last: 458 }, 10_000)).toBe(false);
    // At the document's ends there is nothing further to cover.
    expect(windowCovers({ first: 1, last: 200 }, { first: 1, last: 40 }, 10_000)).toBe(true);
    expect(windowCovers({ first: 9_800, last: 10_000 }, { first: 9_961, last: 10_000 }, 10_000)).toBe(true);
  });

  it('takes the segments that reach into the window, including one that starts before it', () => {
    // Segments of 100 characters: [0,100), [100,200), ...
    expect(segmentsInOffsets(1_000, every(100), 250, 520, 250)).toEqual({ from: 2, to: 6 });
    expect(segmentsInOffsets(1_000, every(100), 200, 500, 200)).toEqual({ from: 2, to: 5 });
    expect(segmentsInOffsets(1_000, every(100), 0, Infinity, 0)).toEqual({ from: 0, to: 1_000 });
    expect(segmentsInOffsets(0, every(100), 0, Infinity, 0)).toEqual({ from: 0, to: 0 });
  });

  it('keeps at most MAX_WINDOW_SEGMENTS, around the visible ones', () => {
    const span = segmentsInOffsets(100_000, every(1), 0, 100_000, 50_000);
    expect(span.to - span.from).toBe(MAX_WINDOW_SEGMENTS);
    expect(span.from).toBeLessThanOrEqual(50_000);
    expect(span.to).toBeGreaterThan(50_000);
    // Near the end the window stays inside the segments.
    expect(segmentsInOffsets(100_000, every(1), 90_000, 100_000, 99_990)).toEqual({ from: 100_000 - MAX_WINDOW_SEGMENTS, to: 100_000 });
  });
});

describe('the overview ruler buckets', () => {
  it('gives a short document one bucket per line: one mark per boundary line', () => {
    const ruler = new RulerBuckets(300);
    expect(ruler.linesPerBucket).toBe(1);
    expect(ruler.change([], [5, 9, 9, 40])).toEqual({ shown: [4, 8, 39], hidden: [] });
    expect(ruler.markLine(8)).toBe(9);
  });

  it('keeps at most MAX_RULER_MARKS marks for a long document', () => {
    const ruler = new RulerBuckets(1_000_000);
    const lines = Array.from({ length: 50_000 }, (_, i) => 1 + i * 20);
    const { shown } = ruler.change([], lines);
    expect(shown.length).toBeLessThanOrEqual(MAX_RULER_MARKS);
    expect(shown.length).toBeGreaterThan(MAX_RULER_MARKS / 2);
    for (const line of lines) expect(shown).toContain(ruler.bucketOf(line));
  });

  it('changes by delta: a mark goes only with its bucket’s last boundary', () => {
    const ruler = new RulerBuckets(10_000);
    expect(ruler.linesPerBucket).toBe(10);
    ruler.change([], [11, 15, 31]);
    // A boundary moved within its bucket: no mark changes.
    expect(ruler.change([15], [17])).toEqual({ shown: [], hidden: [] });
    // Moved to an empty bucket: one mark comes, none goes (11 is still in bucket 1).
    expect(ruler.change([17], [52])).toEqual({ shown: [5], hidden: [] });
    // Merged away: the bucket's last boundary.
    expect(ruler.change([31], [])).toEqual({ shown: [], hidden: [3] });
  });
});
