/**
 * The units a text offset can count, and the one conversion between them. The workbench keeps
 * UTF-16 code units inside (JavaScript's string indices); an exported file names the unit its
 * offsets are in, so that `text[start:end]` works wherever the file is read:
 *
 *   codepoint  Unicode code points: Python's `str` indices, what most RAG tools slice with
 *   utf16      UTF-16 code units: JavaScript, Java, C# string indices (files without a unit)
 *   utf8       bytes of the UTF-8 encoding: Rust, Go, byte-level tools
 *
 * A lone surrogate (never in a decoded file, possible in a pasted string) counts as one code
 * point and as the 3 bytes of the U+FFFD that UTF-8 encoders write for it.
 */

export const OFFSET_UNITS = ['codepoint', 'utf16', 'utf8'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];

/** What an export writes unless told otherwise: Python's indices. */
export const DEFAULT_OFFSET_UNIT: OffsetUnit = 'codepoint';
/** What a file that names no unit was written in (every export before units were named). */
export const UNNAMED_OFFSET_UNIT: OffsetUnit = 'utf16';

/** One line per unit, for --help and the Export panel. */
export const OFFSET_UNIT_DESCRIPTIONS: Readonly<Record<OffsetUnit, string>> = {
  codepoint: "code points (Python's str indices)",
  utf16: "UTF-16 code units (JavaScript's string indices)",
  utf8: 'UTF-8 bytes',
};

/** What a unit is called in a sentence ("its text has 12 code points"). */
export const OFFSET_UNIT_NOUNS: Readonly<Record<OffsetUnit, string>> = {
  codepoint: 'code points',
  utf16: 'UTF-16 code units',
  utf8: 'UTF-8 bytes',
};

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * How many units the code unit at `i` adds: the first half of a surrogate pair carries the whole
 * code point (1 code point, 4 bytes) and the second half none.
 */
function weight(text: string, i: number, unit: OffsetUnit): number {
  const code = text.charCodeAt(i);
  if (unit === 'utf16') return 1;
  if (isLow(code) && i > 0 && isHigh(text.charCodeAt(i - 1))) return 0;
  if (unit === 'codepoint') return 1;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (isHigh(code) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) return 4;
  return 3;
}

/** The length of text[from, to) in `unit`. */
export function unitLength(text: string, unit: OffsetUnit, from = 0, to = text.length): number {
  if (unit === 'utf16') return to - from;
  let n = 0;
  for (let i = from; i < to; i++) n += weight(text, i, unit);
  return n;
}

/** Visits `offsets` in ascending order (any order in, answers in the caller's order). */
function byAscending(offsets: readonly number[], visit: (offset: number) => number): number[] {
  const order = offsets.map((_, i) => i).sort((a, b) => (offsets[a] as number) - (offsets[b] as number));
  const out = new Array<number>(offsets.length);
  for (const i of order) out[i] = visit(offsets[i] as number);
  return out;
}

/** UTF-16 offsets of `text` (0..text.length) in `unit`, in one pass over the text. */
export function fromUtf16(text: string, offsets: readonly number[], unit: OffsetUnit): number[] {
  if (unit === 'utf16') return [...offsets];
  let i = 0;
  let units = 0;
  return byAscending(offsets, (offset) => {
    for (; i < offset; i++) units += weight(text, i, unit);
    return units;
  });
}

/**
 * Offsets of `text` in `unit` as UTF-16 offsets, in one pass; -1 for one that falls inside a
 * character (a byte inside a UTF-8 sequence) or past the end of the text.
 */
export function toUtf16(text: string, offsets: readonly number[], unit: OffsetUnit): number[] {
  if (unit === 'utf16') return offsets.map((o) => (o <= text.length ? o : -1));
  let i = 0;
  let units = 0;
  return byAscending(offsets, (offset) => {
    while (i < text.length && units + weight(text, i, unit) <= offset) {
      units += weight(text, i, unit);
      i++;
      // The second half of a pair adds nothing: it belongs with the first.
      while (i < text.length && weight(text, i, unit) === 0) i++;
    }
    return units === offset ? i : -1;
  });
}

/** Where `units` of `unit` from UTF-16 offset `from` end, as a UTF-16 offset; -1 inside a character or past the end. */
export function advance(text: string, from: number, units: number, unit: OffsetUnit): number {
  if (unit === 'utf16') return from + units <= text.length ? from + units : -1;
  let i = from;
  let n = 0;
  while (n < units && i < text.length) {
    n += weight(text, i, unit);
    i++;
    while (i < text.length && weight(text, i, unit) === 0) i++;
  }
  return n === units ? i : -1;
}
