import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Segmentation } from '../document/types';
import { assertValidSegmentation, segmentationFromCuts, toSegments } from '../document/segmentation';
import {
  deleteBoundary, mergeWithNext, mergeWithPrevious, moveBoundary, setExcluded, setReviewed, setSummary, setTopic, splitAt, splitPoint,
} from './operations';

const TEXT = 'First sentence here. Second one follows.\nA new line starts.\r\nCRLF line. Last bit.';
// Sentence starts: 0, 21, 41 (a line), 61 (a line after CRLF at 59-60), 72.

function cuts(text: string, offsets: number[], notes: string[] = []): Segmentation {
  const seg = segmentationFromCuts(text, offsets);
  return { boundaries: seg.boundaries, notes: seg.notes.map((_, i) => (notes[i] ? { topic: notes[i] } : {})) };
}

describe('splitAt', () => {
  it('splits at the start of the sentence containing the cursor', () => {
    const seg = splitAt(TEXT, cuts(TEXT, []), 30);
    expect(seg.boundaries).toEqual([21]);
  });

  it('splits at the start of the line containing the cursor, never between CR and LF', () => {
    expect(splitAt(TEXT, cuts(TEXT, []), 50).boundaries).toEqual([41]);
    expect(splitAt(TEXT, cuts(TEXT, []), 66).boundaries).toEqual([61]);
  });

  it("uses the next sentence start when the cursor is in the segment's first sentence", () => {
    const seg = cuts(TEXT, [41]);
    expect(splitPoint(TEXT, seg, 41)).toBe(61);
    expect(splitAt(TEXT, seg, 41).boundaries).toEqual([41, 61]);
    expect(splitAt(TEXT, seg, 0).boundaries).toEqual([21, 41]);
  });

  it('keeps the note on the first part and gives the new part an empty one', () => {
    const seg = { boundaries: [41], notes: [{ topic: 'a', summary: 's', reviewed: true }, { topic: 'b' }] };
    expect(splitAt(TEXT, seg, 30).notes).toEqual([{ topic: 'a', summary: 's' }, {}, { topic: 'b' }]);
  });

  it('returns the same object when there is nowhere to split', () => {
    const text = 'abc';
    const seg = cuts(text, [1, 2]);
    expect(splitAt(text, seg, 1)).toBe(seg);
    expect(splitAt('', { boundaries: [], notes: [] }, 0).boundaries).toEqual([]);
  });

  it('splits a single-sentence segment at the cursor itself', () => {
    expect(splitAt('abcdef', cuts('abcdef', []), 3).boundaries).toEqual([3]);
  });
});

describe('merge and delete', () => {
  const seg: Segmentation = {
    boundaries: [21, 41],
    notes: [{ topic: 'one', summary: 'First.' }, { summary: 'Second.', reviewed: true }, { topic: 'three' }],
  };

  it('merges with the next segment, keeping the first topic and joining summaries', () => {
    expect(mergeWithNext(TEXT, seg, 0)).toEqual({ boundaries: [41], notes: [{ topic: 'one', summary: 'First. Second.' }, { topic: 'three' }] });
  });

  it('takes the second topic when the first has none', () => {
    expect(mergeWithNext(TEXT, seg, 1).notes[1]).toEqual({ topic: 'three', summary: 'Second.' });
  });

  it('merges with the previous segment the same way', () => {
    expect(mergeWithPrevious(TEXT, seg, 1)).toEqual(mergeWithNext(TEXT, seg, 0));
    expect(deleteBoundary(TEXT, seg, 0)).toEqual(mergeWithNext(TEXT, seg, 0));
  });

  it('does nothing past the ends, and throws on a bad index', () => {
    expect(mergeWithNext(TEXT, seg, 2)).toBe(seg);
    expect(mergeWithPrevious(TEXT, seg, 0)).toBe(seg);
    expect(() => mergeWithNext(TEXT, seg, 3)).toThrow(RangeError);
    expect(() => deleteBoundary(TEXT, seg, 2)).toThrow(RangeError);
  });
});

describe('moveBoundary', () => {
  const seg = cuts(TEXT, [21, 61]);

  it('snaps to the nearest sentence or line start', () => {
    expect(moveBoundary(TEXT, seg, 0, 38).boundaries).toEqual([41, 61]);
    expect(moveBoundary(TEXT, seg, 1, 68).boundaries).toEqual([21, 72]);
  });

  it('moves freely without snapping, but never between CR and LF', () => {
    expect(moveBoundary(TEXT, seg, 0, 35, { snap: false }).boundaries).toEqual([35, 61]);
    expect(moveBoundary(TEXT, cuts(TEXT, [21, 72]), 1, 60, { snap: false }).boundaries).toEqual([21, 61]);
  });

  it('cannot cross or meet its neighbours', () => {
    expect(moveBoundary(TEXT, seg, 0, 70, { snap: false }).boundaries).toEqual([59, 61]);
    expect(moveBoundary(TEXT, seg, 1, 0, { snap: false }).boundaries).toEqual([21, 22]);
    expect(moveBoundary(TEXT, seg, 0, 500).boundaries).toEqual([41, 61]);
  });

  it('clears the reviewed mark of both segments it reshapes, and nothing else', () => {
    const reviewed = { boundaries: [21, 61], notes: [{ reviewed: true, topic: 'x' }, { reviewed: true }, { reviewed: true }] };
    expect(moveBoundary(TEXT, reviewed, 0, 41).notes).toEqual([{ topic: 'x' }, {}, { reviewed: true }]);
  });

  it('returns the same object when the boundary stays put', () => {
    expect(moveBoundary(TEXT, seg, 0, 22)).toBe(seg);
  });
});

describe('notes', () => {
  const seg = cuts(TEXT, [21]);

  it('sets and clears topic, summary and reviewed', () => {
    let s = setTopic(TEXT, seg, 1, 'Topic');
    s = setSummary(TEXT, s, 1, 'Sum.');
    s = setReviewed(TEXT, s, 1, true);
    expect(s.notes).toEqual([{}, { topic: 'Topic', summary: 'Sum.', reviewed: true }]);
    s = setTopic(TEXT, s, 1, '  ');
    s = setSummary(TEXT, s, 1, '');
    s = setReviewed(TEXT, s, 1, false);
    expect(s.notes).toEqual([{}, {}]);
    expect(s.boundaries).toBe(seg.boundaries);
    expect(() => setTopic(TEXT, seg, 2, 'x')).toThrow(RangeError);
  });
});

// Text made of the pieces that break naive offset code: surrogate pairs, lone surrogates, CR, LF,
// CRLF, CJK punctuation, combining marks, sentence ends.
const piece = fc.constantFrom('a', 'Word', ' ', '. ', 'Next', '\n', '\r\n', '\r', '😀', '\ud83d', '\ude00', '漢字', '。', 'é', 'e\u0301', '! ', '\n\n');
const text = fc.array(fc.oneof(piece, fc.string({ unit: 'binary', maxLength: 4 })), { minLength: 0, maxLength: 60 }).map((p) => p.join(''));

type Op = (t: string, s: Segmentation, r: number, x: number) => Segmentation;
const ops: Record<string, Op> = {
  split: (t, s, _r, x) => splitAt(t, s, x),
  mergeNext: (t, s, r) => (s.notes.length ? mergeWithNext(t, s, r % s.notes.length) : s),
  mergePrevious: (t, s, r) => (s.notes.length ? mergeWithPrevious(t, s, r % s.notes.length) : s),
  delete: (t, s, r) => (s.boundaries.length ? deleteBoundary(t, s, r % s.boundaries.length) : s),
  move: (t, s, r, x) => (s.boundaries.length ? moveBoundary(t, s, r % s.boundaries.length, x) : s),
  moveFree: (t, s, r, x) => (s.boundaries.length ? moveBoundary(t, s, r % s.boundaries.length, x, { snap: false }) : s),
  topic: (t, s, r) => (s.notes.length ? setTopic(t, s, r % s.notes.length, `t${r}`) : s),
  summary: (t, s, r) => (s.notes.length ? setSummary(t, s, r % s.notes.length, `s${r}`) : s),
  reviewed: (t, s, r) => (s.notes.length ? setReviewed(t, s, r % s.notes.length, r % 2 === 0) : s),
  excluded: (t, s, r) => (s.notes.length ? setExcluded(t, s, r % s.notes.length, r % 2 === 0) : s),
};

describe('excluded segments and boundary confidence through edits', () => {
  it('marks and unmarks a segment excluded, and does nothing when it already is', () => {
    const seg = cuts(TEXT, [21, 41]);
    const marked = setExcluded(TEXT, seg, 1, true);
    expect(marked.notes).toEqual([{}, { excluded: true }, {}]);
    expect(marked.boundaries).toBe(seg.boundaries);
    expect(setExcluded(TEXT, marked, 1, true)).toBe(marked);
    expect(setExcluded(TEXT, marked, 1, false).notes).toEqual([{}, {}, {}]);
  });

  it('a split keeps both parts excluded, and the first its confidence', () => {
    const seg: Segmentation = { boundaries: [21], notes: [{}, { excluded: true, confidence: 0.4 }] };
    expect(splitAt(TEXT, seg, 50).notes).toEqual([{}, { excluded: true, confidence: 0.4 }, { excluded: true }]);
  });

  it('a merge is excluded only when both halves were, and keeps the first half\'s confidence', () => {
    const seg: Segmentation = { boundaries: [21, 41], notes: [{}, { excluded: true, confidence: 0.3 }, { excluded: true, confidence: 0.9 }] };
    expect(mergeWithNext(TEXT, seg, 1).notes).toEqual([{}, { excluded: true, confidence: 0.3 }]);
    expect(mergeWithNext(TEXT, seg, 0).notes).toEqual([{}, { excluded: true, confidence: 0.9 }]);
  });

  it('a moved boundary loses its confidence; the segment before keeps its own', () => {
    const seg: Segmentation = { boundaries: [21, 61], notes: [{}, { confidence: 0.2, excluded: true }, { confidence: 0.7 }] };
    expect(moveBoundary(TEXT, seg, 1, 41).notes).toEqual([{}, { confidence: 0.2, excluded: true }, {}]);
  });
});

describe('every operation keeps the coverage invariant', () => {
  it('on random Unicode text, for random sequences of operations', () => {
    const step = fc.record({ op: fc.constantFrom(...Object.keys(ops)), r: fc.nat(1000), x: fc.double({ min: -5, max: 400, noNaN: true }) });
    fc.assert(
      fc.property(text, fc.array(fc.nat(400), { maxLength: 8 }), fc.array(step, { maxLength: 25 }), (t, start, steps) => {
        let seg = segmentationFromCuts(t, start);
        for (const { op, r, x } of steps) {
          const before = seg;
          seg = (ops[op] as Op)(t, seg, r, x);
          assertValidSegmentation(t, seg);
          expect(toSegments(t, seg).map((s) => s.text).join('')).toBe(t);
          if (op === 'split' && seg !== before) expect(seg.boundaries.length).toBe(before.boundaries.length + 1);
          if ((op === 'mergeNext' || op === 'delete') && seg !== before) expect(seg.boundaries.length).toBe(before.boundaries.length - 1);
          if (op.startsWith('move')) expect(seg.boundaries.length).toBe(before.boundaries.length);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('splitPoint in hard-wrapped text', () => {
  const TEXT = 'The first sentence runs on over a hard\nwrapped line and ends here. The second one\nalso wraps before it ends.\n\n- a list item\n- another item\n';
  const one = { boundaries: [], notes: [{}] };

  it('cuts at the start of the sentence, not at the wrapped line the cursor is in', () => {
    expect(splitPoint(TEXT, one, TEXT.indexOf('also wraps'))).toBe(TEXT.indexOf('The second'));
    expect(splitPoint(TEXT, one, TEXT.indexOf('wrapped line'))).toBe(TEXT.indexOf('The second'));
  });

  it('still cuts at a line that really begins: a list item, a paragraph', () => {
    expect(splitPoint(TEXT, one, TEXT.indexOf('another'))).toBe(TEXT.indexOf('- another'));
    expect(splitPoint(TEXT, one, TEXT.indexOf('a list item'))).toBe(TEXT.indexOf('- a list'));
  });
});
