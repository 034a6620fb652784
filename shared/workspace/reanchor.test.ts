import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertValidSegmentation, segmentationFromCuts } from '../document/segmentation';
import { reanchorSegmentation } from './reanchor';
import { anchorsOf } from './schema';

const OLD = 'Alpha starts the story here.\n\nBeta continues with more words.\n\nGamma ends it all, finally.\n';
const b = (s: string) => OLD.indexOf(s);

describe('reanchorSegmentation', () => {
  const old = {
    boundaries: [b('Beta'), b('Gamma')],
    notes: [{ topic: 'a' }, { topic: 'b', reviewed: true }, { topic: 'c' }],
  };

  it('finds every boundary again after text was inserted before it', () => {
    const next = 'A new preface line.\n' + OLD.replace('the story', 'the long story');
    const r = reanchorSegmentation(next, old, anchorsOf(OLD, old.boundaries));
    expect(r.unplaced).toEqual([]);
    expect(r.approximate).toBe(0);
    expect(r.segmentation.boundaries).toEqual([next.indexOf('Beta'), next.indexOf('Gamma')]);
    expect(r.segmentation.notes).toEqual(old.notes);
  });

  it('places an edited anchor approximately and voids that segment\'s review', () => {
    const next = OLD.replace('more words', 'many more words');
    const r = reanchorSegmentation(next, old, anchorsOf(OLD, old.boundaries));
    expect(r.segmentation.boundaries).toEqual([next.indexOf('Beta'), next.indexOf('Gamma')]);
    expect(r.approximate).toBe(1);
    expect(r.segmentation.notes[1]).toEqual({ topic: 'b' });
  });

  it('keeps a boundary that sat before whitespace before that whitespace', () => {
    const seg = { boundaries: [b('\n\nBeta')], notes: [{}, {}] };
    const next = 'Intro. ' + OLD;
    const r = reanchorSegmentation(next, seg, anchorsOf(OLD, seg.boundaries));
    expect(r.segmentation.boundaries).toEqual([next.indexOf('\n\nBeta')]);
  });

  it('reports a boundary whose text is gone and merges its segment into the previous one', () => {
    const next = OLD.replace('Beta continues with more words.', 'Something else entirely now.');
    const r = reanchorSegmentation(next, old, anchorsOf(OLD, old.boundaries));
    expect(r.unplaced).toEqual([{ oldOffset: old.boundaries[0], anchor: OLD.slice(old.boundaries[0], old.boundaries[0]! + 60) }]);
    expect(r.segmentation.boundaries).toEqual([next.indexOf('Gamma')]);
    expect(r.segmentation.notes).toEqual([{ topic: 'a' }, { topic: 'c' }]);
    assertValidSegmentation(next, r.segmentation);
  });

  it('handles an empty new text and rejects mismatched anchors', () => {
    expect(reanchorSegmentation('', old, anchorsOf(OLD, old.boundaries)).unplaced).toHaveLength(2);
    expect(() => reanchorSegmentation(OLD, old, [])).toThrow(RangeError);
  });

  it('always yields a valid segmentation of the new text', () => {
    const words = fc.constantFrom('alpha', 'beta', 'Gamma.', 'delta', '\n', '\r\n', ' ', '😀', '漢字。', 'x');
    const textArb = fc.array(words, { minLength: 1, maxLength: 80 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(textArb, textArb, fc.array(fc.nat(400), { maxLength: 10 }), (before, after, cuts) => {
        const seg = segmentationFromCuts(before, cuts);
        const r = reanchorSegmentation(after, seg, anchorsOf(before, seg.boundaries));
        assertValidSegmentation(after, r.segmentation);
        expect(r.placed + r.unplaced.length).toBe(seg.boundaries.length);
      }),
      { numRuns: 200 },
    );
  });
});
