import { describe, expect, it } from 'vitest';
import { sizeLabel } from './size-label';

describe('sizeLabel', () => {
  it('shows characters, and tokens only when a tokenizer counted them', () => {
    expect(sizeLabel(1234)).toBe('1,234 chars');
    expect(sizeLabel(1234, 309)).toBe('1,234 chars · 309 tok');
  });
});
