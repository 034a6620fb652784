import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../view-model/line-index';
import { tintRange } from './tint-range';

describe('tintRange: the characters a segment tint covers', () => {
  const text = 'One. Two. Three.\nNext line.\n';
  const lines = new LineIndex(text);

  it('covers only its own characters when segments share a line', () => {
    expect(tintRange(0, 5, lines)).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 6 });
    expect(tintRange(5, 10, lines)).toEqual({ startLineNumber: 1, startColumn: 6, endLineNumber: 1, endColumn: 11 });
  });

  it('stops at the end of the line before when it ends where a line starts', () => {
    expect(tintRange(10, 17, lines)).toEqual({ startLineNumber: 1, startColumn: 11, endLineNumber: 1, endColumn: 17 });
    expect(tintRange(5, text.length, lines)).toEqual({ startLineNumber: 1, startColumn: 6, endLineNumber: 2, endColumn: 11 });
  });

  it('ends mid-line where the segment ends mid-line', () => {
    expect(tintRange(10, 22, lines)).toEqual({ startLineNumber: 1, startColumn: 11, endLineNumber: 2, endColumn: 6 });
  });
});
