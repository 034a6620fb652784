/**
 * A property test that no broken implementation can fail proves nothing. Each property here is
 * the fast-path-vs-reference property of sentences.test.ts (the scanners against their loops),
 * written once as a function of the implementation: it holds for the real scanner, and fast-check
 * finds a counterexample for each deliberately broken variant (a mutant), so the generators reach
 * the cases those bugs live in (issue 35, item 7).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineStartsIn, paragraphStartsIn } from './lines';
import { lineStartsByLoop, paragraphStartsByLoop } from './lines-reference';
import { sentenceStartsByLoop } from './sentences-reference';
import { lineStarts, paragraphStarts, sentenceStartsIn } from './sentences';

type Ranged = (text: string, from: number, to: number) => number[];
type Whole = (text: string) => number[];

const sentenceUnit = fc.constantFrom('a', 'B', 'x', 'mr', 'Dr', 'e.g', '7', ' ', '  ', '\t', '\u00a0', '.', '...', '!', '?', '…', '。', '\r', '\n', '\r\n', '"', ')', '」', 'é', '😀', ',');
const lineUnit = fc.constantFrom('a', ' ', '\t', '\u00a0', '\u3000', '\r', '\n', '\r\n', '\n\n', '\r\r\n', ' \r\n');

/** sentenceStartsIn equals the loop over any range (sentences.test.ts, "over any range"). */
const sentenceProperty = (scan: Ranged) =>
  fc.property(fc.string({ unit: sentenceUnit, maxLength: 60 }), fc.integer({ min: -2, max: 80 }), fc.integer({ min: -2, max: 80 }), (text, a, b) => {
    const from = Math.min(a, b);
    const to = Math.max(a, b);
    expect(scan(text, from, to)).toEqual(sentenceStartsByLoop(text, from, to));
  });

/** lineStarts / paragraphStarts equal their definitions (sentences.test.ts). */
const wholeProperty = (scan: Whole, reference: Whole) =>
  fc.property(fc.string({ unit: lineUnit, maxLength: 40 }), (text) => {
    expect(scan(text)).toEqual(reference(text));
  });

/** lineStartsIn / paragraphStartsIn read a range as the loop does. */
const rangeProperty = (scan: Ranged, reference: Ranged) =>
  fc.property(fc.string({ unit: lineUnit, maxLength: 40 }), fc.nat(60), fc.nat(60), (text, a, b) => {
    const start = Math.min(a, b, text.length);
    const end = Math.min(Math.max(a, b), text.length);
    expect(scan(text, start, end)).toEqual(reference(text, start, end));
  });

const holds = <T extends [unknown, ...unknown[]]>(property: fc.IProperty<T>) => fc.check(property, { numRuns: 500, seed: 35 }).failed === false;
const caught = <T extends [unknown, ...unknown[]]>(property: fc.IProperty<T>) => fc.check(property, { numRuns: 2000, seed: 35 }).failed;

// The mutants: each a bug a fast path could plausibly have.
const dropLast = <F extends (...args: never[]) => number[]>(scan: F) => ((...args: Parameters<F>) => scan(...args).slice(0, -1)) as unknown as F;
const afterCrOnly = (scan: Ranged): Ranged => (text, from, to) => scan(text, from, to).filter((s) => text[s - 1] !== '\r');
const endInclusive = (scan: Ranged): Ranged => (text, from, to) => scan(text, from, Math.min(text.length, to + 1));
const ignoresFrom = (scan: Ranged): Ranged => (text, _from, to) => scan(text, 0, to);
const shiftedAfterCrlf = (scan: Whole): Whole => (text) => scan(text).map((s) => (text.slice(s - 2, s) === '\r\n' ? s - 1 : s));
const noWhitespaceOnlyBlank = (scan: Whole): Whole => (text) => scan(text).filter((s) => !/[ \t\u00a0\u3000]\r?\n?$/.test(text.slice(Math.max(0, s - 4), s)));

describe('the fast-path properties catch broken scanners', () => {
  it('hold for the real scanners', () => {
    expect(holds(sentenceProperty(sentenceStartsIn))).toBe(true);
    expect(holds(wholeProperty(lineStarts, (t) => lineStartsByLoop(t)))).toBe(true);
    expect(holds(wholeProperty(paragraphStarts, (t) => paragraphStartsByLoop(t)))).toBe(true);
    expect(holds(rangeProperty(lineStartsIn, lineStartsByLoop))).toBe(true);
    expect(holds(rangeProperty(paragraphStartsIn, paragraphStartsByLoop))).toBe(true);
  });

  it('sentenceStartsIn: a scanner that drops the last start, ignores `from`, or reads one past `to` is caught', () => {
    expect(caught(sentenceProperty(dropLast(sentenceStartsIn)))).toBe(true);
    expect(caught(sentenceProperty(ignoresFrom(sentenceStartsIn)))).toBe(true);
    expect(caught(sentenceProperty(endInclusive(sentenceStartsIn)))).toBe(true);
  });

  it('lineStarts: a scanner that drops the last line or misplaces a start after CRLF is caught', () => {
    expect(caught(wholeProperty(dropLast(lineStarts), (t) => lineStartsByLoop(t)))).toBe(true);
    expect(caught(wholeProperty(shiftedAfterCrlf(lineStarts), (t) => lineStartsByLoop(t)))).toBe(true);
  });

  it('paragraphStarts: a scanner that takes a whitespace-only line for text, or misplaces a start after CRLF, is caught', () => {
    expect(caught(wholeProperty(noWhitespaceOnlyBlank(paragraphStarts), (t) => paragraphStartsByLoop(t)))).toBe(true);
    expect(caught(wholeProperty(shiftedAfterCrlf(paragraphStarts), (t) => paragraphStartsByLoop(t)))).toBe(true);
  });

  it('lineStartsIn / paragraphStartsIn: a scanner blind to lone CR, or reading one past the range, is caught', () => {
    expect(caught(rangeProperty(afterCrOnly(lineStartsIn), lineStartsByLoop))).toBe(true);
    expect(caught(rangeProperty(endInclusive(lineStartsIn), lineStartsByLoop))).toBe(true);
    expect(caught(rangeProperty(ignoresFrom(paragraphStartsIn), paragraphStartsByLoop))).toBe(true);
  });
});
