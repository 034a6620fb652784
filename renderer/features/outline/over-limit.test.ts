import { describe, expect, it } from 'vitest';
import { describeLimits, overLimit } from './over-limit';

describe('over the Run panel limits', () => {
  it('is over Max chars by characters and over Max tokens by the counted tokens', () => {
    expect(overLimit(1501, null, { maxChars: 1500, maxTokens: null })).toBe('chars');
    expect(overLimit(1500, null, { maxChars: 1500, maxTokens: null })).toBeNull();
    expect(overLimit(900, 513, { maxChars: null, maxTokens: 512 })).toBe('tokens');
    expect(overLimit(900, 512, { maxChars: null, maxTokens: 512 })).toBeNull();
    // Both set: either one is enough.
    expect(overLimit(900, 600, { maxChars: 1500, maxTokens: 512 })).toBe('tokens');
    expect(overLimit(1600, 100, { maxChars: 1500, maxTokens: 512 })).toBe('chars');
  });

  it('does not guess tokens from characters: a segment not counted yet is judged by its characters alone', () => {
    expect(overLimit(100_000, null, { maxChars: null, maxTokens: 512 })).toBeNull();
    expect(overLimit(100_000, 10, { maxChars: null, maxTokens: null })).toBeNull();
  });

  it('names the limits in messages', () => {
    expect(describeLimits({ maxChars: 1500, maxTokens: null })).toBe('1,500 chars');
    expect(describeLimits({ maxChars: 1500, maxTokens: 512 })).toBe('1,500 chars or 512 tokens');
  });
});
