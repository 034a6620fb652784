import { describe, expect, it } from 'vitest';
import { advance, fromUtf16, toUtf16, unitLength } from './offset-units';

// a, é (2 bytes), 漢 (3 bytes), 😀 (a surrogate pair: 1 code point, 4 bytes), CRLF
const TEXT = 'aé漢😀\r\n';

describe('offset units', () => {
  it('counts each unit as Python and UTF-8 do', () => {
    expect(unitLength(TEXT, 'utf16')).toBe(7);
    expect(unitLength(TEXT, 'codepoint')).toBe([...TEXT].length);
    expect(unitLength(TEXT, 'utf8')).toBe(new TextEncoder().encode(TEXT).length);
  });

  it('converts offsets both ways, in any order', () => {
    const utf16 = [5, 0, 3, 7, 1];
    expect(fromUtf16(TEXT, utf16, 'codepoint')).toEqual([4, 0, 3, 6, 1]);
    expect(fromUtf16(TEXT, utf16, 'utf8')).toEqual([10, 0, 6, 12, 1]);
    expect(toUtf16(TEXT, [10, 0, 6, 12, 1], 'utf8')).toEqual(utf16);
    expect(toUtf16(TEXT, [4, 0, 3, 6, 1], 'codepoint')).toEqual(utf16);
  });

  it('answers -1 for an offset inside a character or past the end', () => {
    expect(toUtf16(TEXT, [2, 7, 13], 'utf8')).toEqual([-1, -1, -1]);
    expect(toUtf16(TEXT, [7], 'codepoint')).toEqual([-1]);
    expect(advance(TEXT, 1, 2, 'utf8')).toBe(2);
    expect(advance(TEXT, 3, 1, 'codepoint')).toBe(5);
    expect(advance(TEXT, 3, 2, 'utf8')).toBe(-1);
  });

  it('counts a lone surrogate as one code point and the 3 bytes of U+FFFD', () => {
    expect(unitLength('\ud800x', 'codepoint')).toBe(2);
    expect(unitLength('\ud800x', 'utf8')).toBe(new TextEncoder().encode('\ud800x').length);
  });
});
