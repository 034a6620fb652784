import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { oneLine } from './one-line';

describe('oneLine', () => {
  it('writes newlines and escape sequences as escapes, keeps tabs and ordinary text', () => {
    expect(oneLine('a\nb.txt: looks like a binary file')).toBe('a\\nb.txt: looks like a binary file');
    expect(oneLine('evil\x1b[31mred.md\r')).toBe('evil\\u001b[31mred.md\\r');
    expect(oneLine('tab\there, ünïcödé, 中文, 🙂')).toBe('tab\there, ünïcödé, 中文, 🙂');
    expect(oneLine('\u0085 \u2028 \u2029 \u007f')).toBe('\\u0085 \\u2028 \\u2029 \\u007f');
  });

  it('never leaves a line break or a control character but tab', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const codes = [...oneLine(s)].map((c) => c.codePointAt(0)!);
        expect(codes.filter((c) => (c < 0x20 && c !== 0x09) || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029)).toEqual([]);
      }),
    );
  });
});
