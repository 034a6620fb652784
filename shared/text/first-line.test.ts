import { describe, expect, it } from 'vitest';
import { firstLine } from './first-line';

describe('firstLine', () => {
  it("keeps the first line of an error's message, a string, or any other value as String() gives it", () => {
    expect(firstLine(new Error('cannot open x.gguf\n    at load (llama.ts:1)'))).toBe('cannot open x.gguf');
    expect(firstLine('one\ntwo')).toBe('one');
    expect(firstLine(42)).toBe('42');
    expect(firstLine({ message: 'not an Error\nsecond' })).toBe('[object Object]');
  });

  it('neither trims nor fills in an empty first line', () => {
    expect(firstLine('  spaced  \nrest')).toBe('  spaced  ');
    expect(firstLine(new Error('\nafter an empty line'))).toBe('');
    expect(firstLine('')).toBe('');
  });
});
