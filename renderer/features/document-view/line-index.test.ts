import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex, LineIndexBuilder } from './line-index';

/** Monaco's view of a text: lines split at LF, CRLF and lone CR. */
function naiveLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

describe('LineIndex', () => {
  it('maps every offset to the (line, column) Monaco shows, and back, on mixed line endings', () => {
    const piece = fc.constantFrom('a', 'bc', '\n', '\r\n', '\r', '😀', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        const index = new LineIndex(text);
        const lines = naiveLines(text);
        expect(index.lineCount).toBe(lines.length);
        let offset = 0;
        lines.forEach((line, i) => {
          for (let col = 0; col <= line.length; col++) {
            const position = index.positionAt(offset + col);
            expect(position).toEqual({ lineNumber: i + 1, column: col + 1 });
            expect(index.offsetAt(position)).toBe(offset + col);
          }
          expect(index.lineEndColumn(i + 1)).toBe(line.length + 1);
          offset += line.length;
          // Skip the line break that ended this line.
          if (text.startsWith('\r\n', offset)) offset += 2;
          else if (offset < text.length) offset += 1;
        });
      }),
    );
  });

  it('is the same index when built a stretch at a time, however the stretches fall (CRLF split included)', () => {
    const piece = fc.constantFrom('a', 'bc', '\n', '\r\n', '\r', '😀', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }), (pieces, cuts) => {
        const text = pieces.join('');
        const builder = new LineIndexBuilder(text);
        for (const cut of [...cuts].map((c) => c % (text.length + 1)).sort((a, b) => a - b)) builder.scanTo(cut);
        const built = builder.finish();
        const whole = new LineIndex(text);
        expect(built.lineCount).toBe(whole.lineCount);
        for (let offset = 0; offset <= text.length; offset++) expect(built.positionAt(offset)).toEqual(whole.positionAt(offset));
      }),
    );
  });

  it('clamps positions outside the text', () => {
    const index = new LineIndex('ab\ncd');
    expect(index.positionAt(-5)).toEqual({ lineNumber: 1, column: 1 });
    expect(index.positionAt(99)).toEqual({ lineNumber: 2, column: 3 });
    expect(index.offsetAt({ lineNumber: 1, column: 50 })).toBe(2);
    expect(index.offsetAt({ lineNumber: 9, column: 1 })).toBe(3);
    expect(new LineIndex('').lineCount).toBe(1);
  });
});
