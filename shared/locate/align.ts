/**
 * Alignment of a short pattern (a head) against a stretch of text. Semi-global: the whole
 * pattern must be aligned, but it may start and end anywhere in the text window, so skipping
 * text before or after the match costs nothing.
 *
 * Gaps are affine (Gotoh): opening one costs as much as a substitution, each further character
 * only GAP_EXTEND. Models drop and add whole words; a dropped word then costs about as much as
 * one or two typos rather than one edit per letter.
 */

export const GAP_OPEN = 1;
export const GAP_EXTEND = 0.3;

interface Rows {
  costs: [Float64Array, Float64Array, Float64Array, Float64Array];
  starts: [Int32Array, Int32Array, Int32Array, Int32Array];
}

let scratch: Rows | undefined;

/** Reused DP rows: the locator aligns thousands of times per document. */
function scratchRows(length: number): Rows {
  if (!scratch || (scratch.costs[0].length as number) < length) {
    const size = Math.max(length, 256);
    scratch = {
      costs: [new Float64Array(size), new Float64Array(size), new Float64Array(size), new Float64Array(size)],
      starts: [new Int32Array(size), new Int32Array(size), new Int32Array(size), new Int32Array(size)],
    };
  }
  return scratch;
}

export interface Alignment {
  /** Cost of the alignment: substitutions plus gap costs. */
  cost: number;
  start: number;
  end: number;
}

/**
 * Best alignment of `pattern` inside text[from, to); with `anchored`, one that starts exactly
 * at `from` (skipping text there costs a gap). On equal cost the earliest end wins, and a
 * substitution is preferred to a gap, which keeps the start honest when the pattern's first
 * character was altered.
 */
export function alignSemiGlobal(pattern: string, text: string, from: number, to: number, anchored = false): Alignment {
  const m = pattern.length;
  const n = Math.max(0, to - from);
  const rows = scratchRows(n + 1);
  let [best, nextBest, skipPattern, nextSkipPattern] = rows.costs;
  let [bestStart, nextBestStart, skipPatternStart, nextSkipPatternStart] = rows.starts;
  // Row i, column j: pattern[0, i) aligned to a stretch of text ending at from + j.
  // Row 0: an empty pattern matches anywhere for free, or, anchored, only at `from`.
  for (let j = 0; j <= n; j++) {
    best[j] = anchored && j > 0 ? GAP_OPEN + GAP_EXTEND * (j - 1) : 0;
    bestStart[j] = anchored ? 0 : j;
    skipPattern[j] = Infinity;
  }
  for (let i = 1; i <= m; i++) {
    const p = pattern.charCodeAt(i - 1);
    nextSkipPattern[0] = GAP_OPEN + GAP_EXTEND * (i - 1);
    nextSkipPatternStart[0] = 0;
    nextBest[0] = nextSkipPattern[0];
    nextBestStart[0] = 0;
    let skipText = Infinity;
    let skipTextStart = 0;
    for (let j = 1; j <= n; j++) {
      const matchCost = (best[j - 1] as number) + (text.charCodeAt(from + j - 1) === p ? 0 : 1);
      const openP = (best[j] as number) + GAP_OPEN;
      const extendP = (skipPattern[j] as number) + GAP_EXTEND;
      if (extendP < openP) {
        nextSkipPattern[j] = extendP;
        nextSkipPatternStart[j] = skipPatternStart[j] as number;
      } else {
        nextSkipPattern[j] = openP;
        nextSkipPatternStart[j] = bestStart[j] as number;
      }
      const openT = (nextBest[j - 1] as number) + GAP_OPEN;
      const extendT = skipText + GAP_EXTEND;
      if (extendT < openT) {
        skipText = extendT;
      } else {
        skipText = openT;
        skipTextStart = nextBestStart[j - 1] as number;
      }
      if (matchCost <= (nextSkipPattern[j] as number) && matchCost <= skipText) {
        nextBest[j] = matchCost;
        nextBestStart[j] = bestStart[j - 1] as number;
      } else if ((nextSkipPattern[j] as number) <= skipText) {
        nextBest[j] = nextSkipPattern[j] as number;
        nextBestStart[j] = nextSkipPatternStart[j] as number;
      } else {
        nextBest[j] = skipText;
        nextBestStart[j] = skipTextStart;
      }
    }
    [best, nextBest] = [nextBest, best];
    [bestStart, nextBestStart] = [nextBestStart, bestStart];
    [skipPattern, nextSkipPattern] = [nextSkipPattern, skipPattern];
    [skipPatternStart, nextSkipPatternStart] = [nextSkipPatternStart, skipPatternStart];
  }
  let end = 0;
  for (let j = 1; j <= n; j++) if ((best[j] as number) < (best[end] as number) - 1e-9) end = j;
  return { cost: best[end] as number, start: from + (bestStart[end] as number), end: from + end };
}

/** Plain Levenshtein distance between two short strings. */
export function editDistance(a: string, b: string): number {
  let previous = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitute = (previous[j - 1] as number) + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min(substitute, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}
