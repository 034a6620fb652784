import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { isSafeBoundary } from '../document/text-boundaries';
import { RULE_STRATEGIES, getRuleStrategy, type RuleStrategy } from './index';
import { defineRuleStrategy } from './types';

const fixturesDir = new URL('../../test/fixtures/docs/', import.meta.url);
// The documents themselves: folders there hold real documents with their licences (test/inference).
const fixtures = readdirSync(fixturesDir, { withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name);

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

type Options = Parameters<RuleStrategy['segment']>[1];

/**
 * The strategy's own cuts, before segmentationFromCuts normalises them (which would move a cut
 * inside a surrogate pair or a CRLF to a safe place and drop one outside the text): each a whole
 * number in [0, text.length], at a safe boundary.
 */
function checkRawCuts(strategy: RuleStrategy, text: string, options: Options): void {
  for (const cut of strategy.cut(text, options).cuts) {
    const inside = cut > 0 && cut < text.length;
    if (!Number.isInteger(cut) || cut < 0 || cut > text.length || (inside && !isSafeBoundary(text, cut))) {
      throw new Error(`${strategy.name} cut at ${cut} in a text of ${text.length} code units: not a safe boundary inside the text (${JSON.stringify(text.slice(cut - 2, cut + 2))})`);
    }
  }
}

function checkCoverage(text: string, options: Options, strategies: readonly RuleStrategy[] = RULE_STRATEGIES): void {
  for (const strategy of strategies) {
    checkRawCuts(strategy, text, options);
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

  it('can fail: a strategy that cuts inside a surrogate pair or past the end is caught, although its segmentation is repaired', () => {
    // Cuts after every code unit: inside each emoji's surrogate pair and the CRLF, and one past the end.
    const broken = defineRuleStrategy({
      name: 'every-unit',
      kind: 'rules',
      description: 'A deliberately broken strategy.',
      options: {},
      cut: (text) => ({ cuts: [...Array.from({ length: text.length }, (_, i) => i + 1), text.length + 5], warnings: [] }),
    });
    const text = 'a😀b\r\nc';
    // segmentationFromCuts moves and drops the bad cuts: the segmentation alone looks fine.
    assertValidSegmentation(text, broken.segment(text, {}).segmentation);
    expect(() => checkCoverage(text, {}, [broken])).toThrow(/every-unit cut at 2 in a text of 7 code units/);
    expect(() =>
      fc.assert(
        fc.property(awkwardText, (t) => checkCoverage(t, {}, [broken])),
        { numRuns: 100, seed: 1 },
      ),
    ).toThrow();
  });

  it('is deterministic', () => {
    const text = readFileSync(new URL('markdown-code.md', fixturesDir), 'utf8');
    for (const strategy of RULE_STRATEGIES) expect(strategy.segment(text, {})).toEqual(strategy.segment(text, {}));
  });

  it('gives zero segments for an empty text', () => {
    for (const strategy of RULE_STRATEGIES) expect(strategy.segment('', {}).segmentation).toEqual({ boundaries: [], notes: [] });
  });
});
