/**
 * The normalized form the locator matches in: letters and digits only, lower-cased, accents
 * stripped. Case, whitespace (newlines included), punctuation, quotes, dashes and ellipses all
 * vanish, so every variant a model may write of them compares equal.
 */
import { lowerBound } from '../util/lower-bound';

export interface NormalizedText {
  /** The normalized characters. */
  chars: string;
  /** origin[i] is the offset in the original text of the character chars[i] came from. */
  origin: Int32Array;
}

const cache = new Map<string, string>();

/** The normalized form of one code point (often empty; occasionally several characters). */
function foldCodePoint(ch: string): string {
  let folded = cache.get(ch);
  if (folded === undefined) {
    folded = ch.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
    cache.set(ch, folded);
  }
  return folded;
}

/** ASCII fast path: the folded code unit of each ASCII character, 0 when it is dropped. */
const ASCII_FOLD = new Uint16Array(128);
for (let c = 0x30; c <= 0x39; c++) ASCII_FOLD[c] = c;
for (let c = 0x61; c <= 0x7a; c++) ASCII_FOLD[c] = c;
for (let c = 0x41; c <= 0x5a; c++) ASCII_FOLD[c] = c + 32;

/** Builds a string from code units without one argument per character on the stack. */
function fromCodeUnits(units: Uint16Array): string {
  const chunks: string[] = [];
  for (let i = 0; i < units.length; i += 8192) chunks.push(String.fromCharCode(...units.subarray(i, i + 8192)));
  return chunks.join('');
}

/** Normalizes a whole text, remembering where each normalized character came from. */
export function normalizeWithOrigin(text: string): NormalizedText {
  let units = new Uint16Array(text.length + 16);
  let origin = new Int32Array(text.length + 16);
  let n = 0;
  const push = (unit: number, from: number): void => {
    if (n === units.length) {
      // NFKD can expand a character (ligatures, fractions): grow rarely, by doubling.
      const biggerUnits = new Uint16Array(units.length * 2);
      biggerUnits.set(units);
      units = biggerUnits;
      const biggerOrigin = new Int32Array(origin.length * 2);
      biggerOrigin.set(origin);
      origin = biggerOrigin;
    }
    units[n] = unit;
    origin[n++] = from;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      const folded = ASCII_FOLD[c] as number;
      if (folded !== 0) push(folded, i);
      i++;
      continue;
    }
    const width = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1;
    const folded = foldCodePoint(text.slice(i, i + width));
    for (let k = 0; k < folded.length; k++) push(folded.charCodeAt(k), i);
    i += width;
  }
  return { chars: fromCodeUnits(units.subarray(0, n)), origin: origin.slice(0, n) };
}

/** Normalizes a head (or any short string). */
export function normalize(text: string): string {
  return normalizeWithOrigin(text).chars;
}

/** Index of the first normalized character that comes from `offset` or later. */
export function normalizedIndexAt(norm: NormalizedText, offset: number): number {
  return lowerBound(norm.origin, offset);
}
