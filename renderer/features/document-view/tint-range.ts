/**
 * The character range a segment's tint covers: from its first character to its last (a segment
 * ending where a line starts stops at the end of the line before). Tints follow characters, not
 * lines, so sentence-level segments sharing a line show in their own colours (issue 25, item 6).
 */
import type { LineIndex } from '../../view-model/line-index';

export interface TintRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

export function tintRange(start: number, end: number, lines: LineIndex): TintRange {
  const first = lines.positionAt(start);
  const afterLast = lines.positionAt(end);
  // Nothing of the line it ends at the start of: the range stops at the end of the line before.
  if (afterLast.column === 1 && afterLast.lineNumber > first.lineNumber) {
    const lastLine = afterLast.lineNumber - 1;
    return { startLineNumber: first.lineNumber, startColumn: first.column, endLineNumber: lastLine, endColumn: lines.lineEndColumn(lastLine) };
  }
  return { startLineNumber: first.lineNumber, startColumn: first.column, endLineNumber: afterLast.lineNumber, endColumn: afterLast.column };
}
