import { describe, expect, it } from 'vitest';
import { approxTokens, sizeLabel } from './size-label';

describe('size labels', () => {
  it('approximates tokens as a quarter of the characters, rounded up', () => {
    expect(approxTokens(0)).toBe(0);
    expect(approxTokens(9)).toBe(3);
  });

  it('labels a size with grouped digits and the approximate tokens', () => {
    expect(sizeLabel(1234)).toBe('1,234 chars · ~309 tok');
  });
});
