import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { RULE_STRATEGIES, getRuleStrategy } from './index';

const fixturesDir = new URL('../../test/fixtures/docs/', import.meta.url);
const fixtures = readdirSync(fixturesDir).filter((name) => !name.startsWith('.'));

/** Text built from pieces that stress offsets: surrogate pairs, ZWJ emoji, CRLF, CJK, combining marks. */
const awkwardText = fc
  .array(
    fc.oneof(
      fc.constantFrom('\r\n', '\n', '\r', '\n\n', ' ', '. ', '! ', '。', '？', '# ', '```\n', '$$\n', '| a | b |\n', '- ', '1. ', '\t'),
      fc.constantFrom('😀', '👨‍👩‍👧‍👦', '🇵🇱', 'e\u0301', 'а\u0308', '漢字', 'かな', 'Ünïcödé', 'word', 'Mr.', 'e.g.'),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 4 }), // lone surrogates included
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

function checkCoverage(text: string, options: Parameters<(typeof RULE_STRATEGIES)[number]['segment']>[1]): void {
  for (const strategy of RULE_STRATEGIES) {
    const { segmentation } = strategy.segment(text, options);
    assertValidSegmentation(text, segmentation);
    const segments = toSegments(text, segmentation);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    for (const s of segments) expect(s.text.length).toBeGreaterThan(0);
  }
}

describe('every rule strategy', () => {
  it('is registered by name', () => {
    expect(RULE_STRATEGIES.map((s) => s.name)).toEqual(['structural', 'sentence-rules', 'texttiling', 'c99']);
    expect(getRuleStrategy('texttiling')?.name).toBe('texttiling');
    expect(getRuleStrategy('nope')).toBeUndefined();
  });

  it.each(fixtures)('covers the fixture %s exactly', (name) => {
    const text = readFileSync(new URL(name, fixturesDir), 'utf8');
    checkCoverage(text, {});
    checkCoverage(text, { maxChars: 50 });
  });

  it('covers random awkward text exactly, with and without limits', () => {
    fc.assert(
      fc.property(awkwardText, fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }), (text, maxChars) => {
        checkCoverage(text, { maxChars });
      }),
      { numRuns: 300 },
    );
  });

  it('covers random awkward text exactly under a token limit', () => {
    const countTokens = (t: string) => t.split(/\s+/).filter(Boolean).length;
    fc.assert(
      fc.property(awkwardText, fc.integer({ min: 1, max: 6 }), (text, maxTokens) => {
        checkCoverage(text, { maxTokens, countTokens });
        for (const strategy of RULE_STRATEGIES) {
          const { segmentation, warnings } = strategy.segment(text, { maxTokens, countTokens, maxChars: 10_000 });
          const over = toSegments(text, segmentation).filter((s) => countTokens(s.text) > maxTokens);
          // A segment may break the limit only where a warning says so (an uncuttable block).
          for (const s of over) expect(warnings.some((w) => w.code === 'over-limit' && w.offset === s.start)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('covers random full-Unicode strings exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => checkCoverage(text, { maxChars: 20 })),
      { numRuns: 150 },
    );
  });

  it('is deterministic', () => {
    const text = readFileSync(new URL('markdown-code.md', fixturesDir), 'utf8');
    for (const strategy of RULE_STRATEGIES) expect(strategy.segment(text, {})).toEqual(strategy.segment(text, {}));
  });

  it('gives zero segments for an empty text', () => {
    for (const strategy of RULE_STRATEGIES) expect(strategy.segment('', {}).segmentation).toEqual({ boundaries: [], notes: [] });
  });
});
