/**
 * The ranges of countTokens and denseScores, checked in a plain loop (range-list.ts): the same
 * rules as zod's tuples, with the length refused before any item and a bad item named by index.
 */
import { describe, expect, it } from 'vitest';
import { validateCall } from './validate-call';

const call = (ranges: unknown) => () => validateCall('countTokens', { documentId: 'd', tokenizer: 'cl100k_base', ranges });

describe('a list of text ranges', () => {
  it('takes pairs of whole numbers ≥ 0, up to 200,000, as they are', () => {
    const ranges = Array.from({ length: 200_000 }, (_, i) => [i, i + 3]);
    expect(call(ranges)().params).toEqual({ documentId: 'd', tokenizer: 'cl100k_base', ranges });
    expect(call([])().params).toMatchObject({ ranges: [] });
  });

  it('refuses more than 200,000 by the length, in zod\'s words', () => {
    expect(call(Array.from({ length: 200_001 }, () => 'not a range'))).toThrow(/^invalid params for countTokens: ranges: Too big: expected array to have <=200000 items$/);
  });

  it.each([
    ['a negative start', [-1, 3]],
    ['a fraction', [0, 1.5]],
    ['three numbers', [0, 1, 2]],
    ['one number', [4]],
    ['a string', ['0', 1]],
    ['not an array', 7],
    ['null', null],
  ])('refuses %s, naming its index', (_, bad) => {
    expect(call([[0, 1], [2, 3], bad])).toThrow('invalid params for countTokens: ranges.2: a range is [start, end], two whole numbers ≥ 0');
  });

  it('refuses a list that is not an array', () => {
    expect(call({ 0: [0, 1] })).toThrow(/^invalid params for countTokens: ranges: /);
  });
});
