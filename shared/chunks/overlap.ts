/**
 * The context a chunk carries from the segment before it: the end of that segment, at most a
 * given number of characters or tokens, starting at a word start so no word is cut in two.
 */
import type { TokenCounter } from './options';

const SPACE = /\s/;

/** First word start at or after `from` (a non-space character after a space), or `end` if none. */
function wordStartFrom(text: string, from: number, floor: number, end: number): number {
  for (let i = from; i < end; i++) {
    if (!SPACE.test(text[i] as string) && (i === floor || SPACE.test(text[i - 1] as string))) return i;
  }
  return end;
}

/** Word starts in `[from, end)`, ascending. */
function wordStartsIn(text: string, from: number, floor: number, end: number): number[] {
  const starts: number[] = [];
  for (let i = wordStartFrom(text, from, floor, end); i < end; i = wordStartFrom(text, i + 1, floor, end)) starts.push(i);
  return starts;
}

export function contextInChars(text: string, start: number, end: number, size: number): string {
  const from = Math.max(start, end - size);
  return text.slice(wordStartFrom(text, from, start, end), end);
}

/**
 * The longest tail of `[start, end)` that starts a word and counts at most `size` tokens. The tail
 * grows by doubling, so a long previous segment is never tokenized whole for a short context.
 */
export function contextInTokens(text: string, start: number, end: number, size: number, count: TokenCounter): string {
  let span = Math.max(64, size * 8);
  for (;;) {
    const from = Math.max(start, end - span);
    const starts = wordStartsIn(text, from, start, end);
    // Binary search for the first word start whose tail fits: tails shrink as the start moves right.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (count(text.slice(starts[mid] as number, end)) <= size) hi = mid;
      else lo = mid + 1;
    }
    // The whole search span fits and there is more text before it: look further back.
    if (lo === 0 && from > start && starts.length > 0) {
      span *= 2;
      continue;
    }
    return lo < starts.length ? text.slice(starts[lo] as number, end) : '';
  }
}
