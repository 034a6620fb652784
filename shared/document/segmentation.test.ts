import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assertValidSegmentation,
  CoverageError,
  headOf,
  segmentationFromCuts,
  segmentIndexAt,
  segmentRange,
  toSegments,
  wholeDocument,
} from './segmentation';
import { isSafeBoundary, toSafeBoundary } from './text-boundaries';

/** Text made of the pieces that make offsets hard: surrogate pairs, ZWJ emoji, CRLF, CJK, combining marks. */
const awkwardText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\r\n', '\r', '\n', ' ', 'a', 'Z', '.', '😀', '👨‍👩‍👧', '🇯🇵', 'e\u0301', 'и\u0306', '漢', 'か', '\t'),
      fc.string({ unit: 'grapheme', maxLength: 5 }),
      fc.string({ unit: 'binary', maxLength: 3 }), // lone surrogates too
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

/** A text and arbitrary cut candidates: in range or not, duplicated, unsorted, fractional. */
const textAndCuts = awkwardText.chain((text) =>
  fc.tuple(
    fc.constant(text),
    fc.array(fc.oneof(fc.integer({ min: -3, max: text.length + 3 }), fc.double({ min: -2, max: text.length + 2, noNaN: true }), fc.constantFrom(NaN, Infinity)), { maxLength: 30 }),
  ),
);

describe('segmentationFromCuts (properties)', () => {
  it('always gives a valid segmentation', () => {
    fc.assert(fc.property(textAndCuts, ([text, cuts]) => assertValidSegmentation(text, segmentationFromCuts(text, cuts))), { numRuns: 500 });
  });

  it('gives sorted, contiguous, non-empty segments from 0 to the end that concatenate to the text', () => {
    fc.assert(
      fc.property(textAndCuts, ([text, cuts]) => {
        const segments = toSegments(text, segmentationFromCuts(text, cuts));
        if (text.length === 0) {
          expect(segments).toEqual([]);
          return;
        }
        expect(segments[0]?.start).toBe(0);
        expect(segments.at(-1)?.end).toBe(text.length);
        for (let i = 0; i < segments.length; i++) {
          const s = segments[i]!;
          expect(s.index).toBe(i);
          expect(s.end).toBeGreaterThan(s.start);
          if (i > 0) expect(s.start).toBe(segments[i - 1]!.end);
          expect(s.text).toBe(text.slice(s.start, s.end));
        }
        expect(segments.map((s) => s.text).join('')).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('never cuts inside a surrogate pair or between CR and LF', () => {
    fc.assert(
      fc.property(textAndCuts, ([text, cuts]) => {
        for (const b of segmentationFromCuts(text, cuts).boundaries) {
          const before = text.charCodeAt(b - 1);
          const after = text.charCodeAt(b);
          expect(before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff).toBe(false);
          expect(before === 0x0d && after === 0x0a).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every safe in-range cut exactly, and moves an unsafe one to the nearest safe cut', () => {
    fc.assert(
      fc.property(textAndCuts, ([text, cuts]) => {
        const { boundaries } = segmentationFromCuts(text, cuts);
        const kept = new Set(boundaries);
        for (const c of cuts) {
          if (!Number.isInteger(c) || c <= 0 || c >= text.length) continue;
          if (isSafeBoundary(text, c)) {
            expect(kept.has(c)).toBe(true);
            continue;
          }
          // A text with no legal interior cut near it (e.g. one astral character) drops the cut.
          const moved = toSafeBoundary(text, c);
          if (moved !== null) expect(kept.has(moved)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('attaches notes by segment start, and gives every other segment an empty note', () => {
    fc.assert(
      fc.property(textAndCuts, ([text, cuts]) => {
        const seg = segmentationFromCuts(text, cuts);
        const starts = [0, ...seg.boundaries];
        const notes = new Map(starts.filter((_, i) => i % 2 === 0).map((s) => [s, { topic: `t${s}` }]));
        const withNotes = segmentationFromCuts(text, cuts, notes);
        if (text.length === 0) return;
        withNotes.notes.forEach((note, i) => expect(note).toEqual(i % 2 === 0 ? { topic: `t${starts[i]}` } : {}));
      }),
      { numRuns: 200 },
    );
  });

  it('finds the segment containing any offset', () => {
    fc.assert(
      fc.property(textAndCuts, fc.nat(), ([text, cuts], n) => {
        if (text.length === 0) return;
        const seg = segmentationFromCuts(text, cuts);
        const offset = n % (text.length + 1);
        const index = segmentIndexAt(seg, offset);
        const [start, end] = segmentRange(text, seg, index);
        expect(start <= offset && (offset < end || (offset === text.length && end === text.length))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('segmentation basics', () => {
  it('gives an empty text no segments and any other text one whole segment', () => {
    expect(wholeDocument('')).toEqual({ boundaries: [], notes: [] });
    expect(toSegments('abc', wholeDocument('abc'))).toEqual([{ index: 0, start: 0, end: 3, text: 'abc', head: 'abc' }]);
  });

  it('rejects invalid segmentations with a CoverageError', () => {
    expect(() => assertValidSegmentation('abc', { boundaries: [2, 1], notes: [{}, {}, {}] })).toThrow(CoverageError);
    expect(() => assertValidSegmentation('a\r\nb', { boundaries: [2], notes: [{}, {}] })).toThrow('not a safe cut');
    expect(() => assertValidSegmentation('abc', { boundaries: [1], notes: [{}] })).toThrow('expected 2 notes');
    expect(() => assertValidSegmentation('', { boundaries: [], notes: [{}] })).toThrow(CoverageError);
  });

  it('takes the first words of a segment, on one line, as its head', () => {
    expect(headOf('\n  One two\r\nthree four five six seven eight nine ten')).toBe('One two three four five six seven eight');
  });
});
