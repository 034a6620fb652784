/** The joiner never drops or reorders a word: only whitespace and line-end hyphens may change. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentsEntry } from './pdf-contents';
import { joinLines } from './pdf-join';
import { layoutPdf } from './pdf-layout';
import type { PdfItem } from './types';

const word = fc.stringMatching(/^[A-Za-zéß0-9.,;:!?()"'-]{1,12}$/);
const line = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));
const lines = fc.array(line, { minLength: 1, maxLength: 30 });
/** Lines that may end in a hyphen, as hyphenated words do. */
const hyphenated = fc.array(fc.tuple(line, fc.boolean()).map(([text, cut]) => (cut ? `${text}-` : text)), { minLength: 1, maxLength: 30 });

const words = (text: string) => text.split(/\s+/).filter(Boolean);
/** The text without whitespace and hyphens: what a join may not change. */
const letters = (text: string) => text.replace(/[\s\-\u00ad]/g, '');

describe('joinLines', () => {
  it('keeps every word in order when no line ends in a hyphen', () => {
    fc.assert(fc.property(lines, (input) => {
      // Lines are trimmed before they are joined, so "A- -" must lose its space too, not only its last hyphen.
      const clean = input.map((l) => l.replace(/[\s-]+$/, '') || 'x');
      expect(words(joinLines(clean).text)).toEqual(clean.flatMap(words));
    }));
  });

  it('only removes line-end hyphens, and counts each one it removes', () => {
    fc.assert(fc.property(hyphenated, (input) => {
      const { text, joined } = joinLines(input);
      expect(letters(text)).toBe(letters(input.join('')));
      const hyphens = (s: string) => (s.match(/-/g) ?? []).length;
      expect(hyphens(input.join('')) - hyphens(text)).toBe(joined);
    }));
  });

  it('through the whole layout (lines on pages, paragraph breaks, page breaks) too', () => {
    // Contents lines lose their dot leaders by design; they are not paragraph text.
    const pages = fc.array(hyphenated.map((page) => page.filter((text) => contentsEntry(text) === null)).filter((page) => page.length > 0), { minLength: 1, maxLength: 4 });
    fc.assert(fc.property(pages, (input) => {
      const items = input.map((page) => ({
        width: 612,
        height: 792,
        items: page.map((text, i): PdfItem => ({ str: text, x: 72, y: 680 - 14 * i - (i % 7 === 6 ? 10 : 0), width: text.length * 6, height: 12, bold: false })),
      }));
      const { text } = layoutPdf(items);
      // Page furniture may go (a line repeated in the margin bands): these pages keep it inside them.
      expect(letters(text.replace(/^#+ |^- /gm, ''))).toBe(letters(input.flat().join('')));
    }), { numRuns: 200 });
  });
});
