import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlankChar } from '../text/lines';
import { clauseStarts, fitsByLength, nextNotFittingByLength, type Limits } from './limits';

describe('clauseStarts', () => {
  /** The definition: after each clause mark in range, the first non-blank past its blanks, when there are blanks and it lies inside. */
  function byDefinition(text: string, start: number, end: number): number[] {
    const starts: number[] = [];
    for (let mark = start; mark < end; mark++) {
      if (!',;:—–，；：、'.includes(text[mark] as string)) continue;
      let p = mark + 1;
      while (p < end && isBlankChar(text.charCodeAt(p))) p++;
      if (p > mark + 1 && p < end && p >= start + 2) starts.push(p);
    }
    return starts;
  }

  it('finds exactly the offsets the definition gives, over any range', () => {
    const unit = fc.constantFrom('a', 'B', ' ', '  ', '\t', '\u00a0', '\u3000', '\n', ',', ';', ':', '—', '–', '，', '；', '、', ', ', ',,', '😀');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), fc.nat(80), fc.nat(80), (text, a, b) => {
        const start = Math.min(a, b, text.length);
        const end = Math.min(Math.max(a, b), text.length);
        expect(clauseStarts(text, start, end)).toEqual(byDefinition(text, start, end));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('nextNotFittingByLength', () => {
  /** The definition: the first piece from `from` on that fitsByLength refuses. */
  function byDefinition(starts: number[], from: number, end: number, limits: Limits): number {
    for (let i = from; i < starts.length; i++) if (!fitsByLength(starts[i] as number, starts[i + 1] ?? end, limits)) return i;
    return starts.length;
  }

  it('finds the piece fitsByLength refuses first, with and without a token limit', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(40), { maxLength: 12 }), fc.nat(14), fc.integer({ min: 1, max: 30 }), fc.boolean(), (gaps, from, maxChars, tokens) => {
        const starts: number[] = [];
        for (const gap of gaps) starts.push((starts[starts.length - 1] ?? 0) + gap);
        const end = (starts[starts.length - 1] ?? 0) + (gaps[0] ?? 5);
        const limits: Limits = tokens ? { maxChars, maxTokens: 10, countTokens: (t) => t.length } : { maxChars };
        expect(nextNotFittingByLength(starts, from, end, limits)).toBe(byDefinition(starts, from, end, limits));
      }),
      { numRuns: 3000 },
    );
  });
});
