import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlankChar } from '../text/lines';
import { clauseStarts } from './limits';

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
