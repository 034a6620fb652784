import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWrappedLine, shapeAt, shapeByCodePoints } from './wrapped-lines';

describe('isWrappedLine', () => {
  const full = 'the quick brown fox jumps over the lazy dog and runs far away from';
  it('reads a full line over a line of the same indent as wrapped, whatever the line break', () => {
    for (const lineBreak of ['\n', '\r\n', '\r']) {
      const text = `${full}${lineBreak}here it goes on${lineBreak}`;
      expect(isWrappedLine(text, full.length + lineBreak.length)).toBe(true);
    }
  });

  it('keeps the breaks of short lines, list items, colons, other indents and blank lines', () => {
    expect(isWrappedLine('short line\nanother short one\n', 11)).toBe(false);
    expect(isWrappedLine(`${full}\n- an item\n`, full.length + 1)).toBe(false);
    expect(isWrappedLine(`${full.slice(0, -5)}:\nwhat follows\n`, full.length - 3)).toBe(false);
    expect(isWrappedLine(`${full}\n      indented\n`, full.length + 1)).toBe(false);
    expect(isWrappedLine(`${full}\n\nnext\n`, full.length + 2)).toBe(false);
    expect(isWrappedLine(full, 0)).toBe(false);
  });

  it('lines up a hanging indent with the second word', () => {
    const text = `       •   ${full}\n           goes on here\n`;
    expect(isWrappedLine(text, text.indexOf('\n') + 1)).toBe(true);
  });
});

describe('shapeAt', () => {
  it('measures a printable-ASCII line natively exactly as its code-point reference does', () => {
    const unit = fc.constantFrom(' ', '  ', 'a', 'word', '-x', '.', '\n', '\r\n', '\r', '~');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), fc.nat(40), (text, at) => {
        const start = Math.min(at, text.length);
        expect(shapeAt(text, start)).toEqual(shapeByCodePoints(text, start));
      }),
      { numRuns: 3000 },
    );
  });
});
