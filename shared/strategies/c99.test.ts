import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertValidSegmentation } from '../document/segmentation';
import { windowScores } from '../metrics';
import { sentenceStarts } from '../text/sentences';
import { BandMatrix, c99, c99Cuts, chooseSegmentCount, divisiveClustering, rankMatrix, resolveC99Parameters } from './c99';

const SAMPLE = new URL('../../test/fixtures/corpus-sample/speeches/docs/', import.meta.url);

function sampleSpeeches(): Array<{ text: string; boundaries: number[] }> {
  return readdirSync(SAMPLE)
    .filter((name) => name.endsWith('.txt'))
    .map((name) => ({
      text: readFileSync(new URL(name, SAMPLE), 'utf8'),
      // The gold file's segments, in the workbench's JSON format: every start but the first is a boundary.
      boundaries: (JSON.parse(readFileSync(new URL(name.replace(/\.txt$/, '.gold.json'), SAMPLE), 'utf8')).segments as Array<{ start: number }>).map((s) => s.start).slice(1),
    }));
}

/** A matrix from a function of (i, j), stored in a band. */
function matrixOf(n: number, band: number, f: (i: number, j: number) => number): BandMatrix {
  const m = new BandMatrix(n, band);
  for (let i = 0; i < n; i++) for (let j = i; j < Math.min(n, i + band + 1); j++) m.set(i, j, f(i, j));
  return m;
}

describe('c99', () => {
  it('finds Choi-style excerpt seams on the committed speeches sample far better than chance (Pk < 0.3)', () => {
    const docs = sampleSpeeches();
    expect(docs.length).toBeGreaterThan(0);
    let pk = 0;
    for (const doc of docs) {
      const { segmentation } = c99.segment(doc.text, {});
      assertValidSegmentation(doc.text, segmentation);
      pk += windowScores(doc.boundaries, segmentation.boundaries, doc.text.length).pk;
    }
    expect(pk / docs.length).toBeLessThan(0.3);
  });

  it('cuts only at sentence starts', () => {
    const { text } = sampleSpeeches()[0] as { text: string };
    const starts = new Set(sentenceStarts(text));
    for (const b of c99.segment(text, {}).segmentation.boundaries) expect(starts.has(b)).toBe(true);
  });

  it('splits a block-diagonal matrix at its blocks, first the biggest drop in density', () => {
    // Three topics of 6, 4 and 5 sentences: similar inside a topic, dissimilar across.
    const topic = (i: number) => (i < 6 ? 0 : i < 10 ? 1 : 2);
    const sim = matrixOf(15, 20, (i, j) => (topic(i) === topic(j) ? 0.8 : 0.05));
    const { splits, densities } = divisiveClustering(rankMatrix(sim, 3), 15);
    expect(new Set(splits.slice(0, 2))).toEqual(new Set([6, 10]));
    expect(densities[2]).toBeGreaterThan(densities[0] as number);
    expect(chooseSegmentCount(densities, 1.2)).toBeGreaterThanOrEqual(3);
  });

  it('with a band wider than the text, reads the same matrix as the full one; a narrow band only what is near', () => {
    const f = (i: number, j: number) => Math.cos(i * 0.7 + j * 1.3) + 1;
    const full = rankMatrix(matrixOf(12, 11, f), 5);
    const wide = rankMatrix(matrixOf(12, 40, f), 5);
    for (let i = 0; i < 12; i++) for (let j = i; j < 12; j++) expect(wide.get(i, j)).toBeCloseTo(full.get(i, j), 6);
    const narrow = new BandMatrix(1000, 10);
    expect(narrow.cells.length).toBe(1000 * 11);
    expect(narrow.inBand(0, 11)).toBe(false);
  });

  it('segments a long document in memory linear in its length', () => {
    const { text } = sampleSpeeches()[0] as { text: string };
    const long = text.repeat(20);
    const cuts = c99Cuts(long, sentenceStarts(long), { band: 30 });
    expect(cuts.length).toBeGreaterThan(10);
  });

  it('takes its parameters, and refuses bad ones with a one-line RangeError', () => {
    const { text } = sampleSpeeches()[0] as { text: string };
    const strict = c99.segment(text, { coefficient: 3 }).segmentation.boundaries.length;
    const loose = c99.segment(text, { coefficient: 0 }).segmentation.boundaries.length;
    expect(loose).toBeGreaterThanOrEqual(strict);
    expect(() => resolveC99Parameters({ mask: 4 })).toThrow(/odd/);
    expect(() => resolveC99Parameters({ band: 1 })).toThrow(RangeError);
    expect(() => resolveC99Parameters({ coefficient: Number.NaN })).toThrow(RangeError);
  });

  it('honours maxChars only when given', () => {
    const { text } = sampleSpeeches()[0] as { text: string };
    const { segmentation } = c99.segment(text, { maxChars: 300 });
    const starts = [0, ...segmentation.boundaries, text.length];
    for (let i = 1; i < starts.length; i++) expect((starts[i] as number) - (starts[i - 1] as number)).toBeLessThanOrEqual(300);
  });
});
