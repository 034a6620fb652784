/**
 * Offsets in the document text <-> Monaco positions. Monaco normalises a model's line endings to
 * one kind, so its own offsets drift on mixed-EOL files; lines, though, split the same way (LF,
 * CRLF, lone CR), so (line, column) computed from our own line starts is exact for every file.
 */
const LF = 0x0a;
const CR = 0x0d;

export interface LinePosition {
  /** 1-based, as Monaco counts. */
  lineNumber: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

/**
 * Appends to `starts` the line starts in (from, to]: every offset just after a line break, as
 * shared/text/lines' lineStarts gives them (a trailing break starts no line). Without a CR in the
 * text, indexOf finds each LF (memchr-fast: a 50 MB text in tens of milliseconds).
 */
function scanLineStarts(text: string, from: number, to: number, hasCR: boolean, starts: number[]): void {
  if (!hasCR) {
    for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) if (i + 1 < text.length) starts.push(i + 1);
    return;
  }
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if ((c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) && i + 1 < text.length) starts.push(i + 1);
  }
}

/** The line starts of `text` found a stretch at a time, so a long text is indexed over several tasks. */
export class LineIndexBuilder {
  private readonly starts: number[];
  private readonly hasCR: boolean;
  private scanned = 0;

  constructor(readonly text: string) {
    this.starts = text.length > 0 ? [0] : [];
    this.hasCR = text.includes('\r');
  }

  /** Indexes the text up to offset `to`. */
  scanTo(to: number): void {
    const end = Math.min(to, this.text.length);
    if (end <= this.scanned) return;
    scanLineStarts(this.text, this.scanned, end, this.hasCR, this.starts);
    this.scanned = end;
  }

  finish(): LineIndex {
    this.scanTo(this.text.length);
    return new LineIndex(this.text, this.starts);
  }
}

export class LineIndex {
  private readonly starts: number[];

  /** `starts`: the text's line starts when already found (LineIndexBuilder); found here otherwise. */
  constructor(
    readonly text: string,
    starts?: number[],
  ) {
    if (starts === undefined) {
      starts = text.length > 0 ? [0] : [];
      scanLineStarts(text, 0, text.length, text.includes('\r'), starts);
    }
    this.starts = starts;
    if (this.starts.length === 0) this.starts.push(0);
    // A text ending in a line break has one more (empty) line in Monaco.
    const last = text.charCodeAt(text.length - 1);
    if (text.length > 0 && (last === 0x0a || last === 0x0d)) this.starts.push(text.length);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): LinePosition {
    const clamped = Math.max(0, Math.min(this.text.length, offset));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { lineNumber: lo + 1, column: clamped - this.starts[lo]! + 1 };
  }

  offsetAt(position: LinePosition): number {
    const line = Math.max(1, Math.min(this.starts.length, position.lineNumber));
    const start = this.starts[line - 1]!;
    return Math.min(start + Math.max(0, position.column - 1), this.contentEnd(line));
  }

  /** The column just after the last character of line `line` (1-based). */
  lineEndColumn(line: number): number {
    const clamped = Math.max(1, Math.min(this.starts.length, line));
    return this.contentEnd(clamped) - this.starts[clamped - 1]! + 1;
  }

  /** Where line `line` (1-based) ends, before its line break. */
  private contentEnd(line: number): number {
    if (line >= this.starts.length) return this.text.length;
    const next = this.starts[line]!;
    return this.text.charCodeAt(next - 1) === 0x0a && this.text.charCodeAt(next - 2) === 0x0d ? next - 2 : next - 1;
  }
}
