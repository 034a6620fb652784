import { describe, expect, it } from 'vitest';
import { concatAll } from './concat-all';

describe('concatAll', () => {
  it('joins the arrays in order, empty ones included', () => {
    expect(concatAll([[1, 2], [], [3], [4, 5, 6]])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(concatAll([])).toEqual([]);
  });

  it('joins more arrays than one call takes, and leaves nested arrays as they are', () => {
    const arrays = Array.from({ length: 10_000 }, (_, i) => [i, i + 0.5]);
    expect(concatAll(arrays)).toEqual(arrays.flat());
    expect(concatAll([[[1]], [[2, 3]]])).toEqual([[1], [2, 3]]);
  });
});
