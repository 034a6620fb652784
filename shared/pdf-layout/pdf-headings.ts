/**
 * Headings from type: the body size is the size most characters are set in; a short line set
 * clearly larger than that, or in bold at body size standing alone, is a heading. Levels go by
 * size, largest first (bold at body size last), at most six.
 */
import type { PdfLine } from './types';

/** Larger than the body by this factor. */
const LARGER = 1.12;
/** Headings are short. */
const MAX_HEADING_CHARS = 160;

export function bodySize(lines: readonly PdfLine[]): number {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(line.size, (chars.get(line.size) ?? 0) + line.text.length);
  let body = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [body, most] = [size, n];
  return body;
}

export interface HeadingRanks {
  /** The heading level (1-6) of a line, or 0 for body text. */
  levelOf(line: PdfLine): number;
}

function looksLikeHeading(line: PdfLine): boolean {
  // Not a heading: too long, only digits or punctuation, a line that ends mid-word.
  return line.text.length <= MAX_HEADING_CHARS && /\p{L}/u.test(line.text) && !/[-,;]$/.test(line.text);
}

export function headingRanks(lines: readonly PdfLine[]): HeadingRanks {
  const body = bodySize(lines);
  const larger = (line: PdfLine) => body > 0 && line.size >= body * LARGER;
  const boldBody = (line: PdfLine) => line.bold && line.size >= body * 0.9 && line.size < body * LARGER;
  const sizes = [...new Set(lines.filter((l) => larger(l) && looksLikeHeading(l)).map((l) => l.size))].sort((a, b) => b - a);
  const boldLevel = sizes.length + 1;
  return {
    levelOf(line) {
      if (!looksLikeHeading(line)) return 0;
      if (larger(line)) return Math.min(6, sizes.indexOf(line.size) + 1);
      if (boldBody(line)) return Math.min(6, boldLevel);
      return 0;
    },
  };
}
