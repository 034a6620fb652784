/**
 * Pk (Beeferman et al. 1999) and WindowDiff (Pevzner & Hearst 2002), over character offsets.
 *
 * Units: the document is a sequence of N characters (UTF-16 code units, the same offsets as
 * everywhere else). A boundary b (0 < b < N) separates character b-1 from character b. A window
 * probes the character pair (i, i+k) for i = 0 .. N-k-1, so there are N-k windows.
 *  - Pk counts the windows where the reference and the hypothesis disagree on whether the two
 *    probed characters lie in the same segment.
 *  - WindowDiff counts the windows where they disagree on how many boundaries lie in (i, i+k].
 * Both are error rates in [0, 1]; lower is better. k defaults to half the mean reference segment
 * length, rounded, at least 1. A text too short for one window (N < 2) scores 0, and a k of N or
 * more is clamped to N-1 so that there is always one window to score.
 */

/** Half the mean reference segment length in characters, rounded, at least 1. */
export function defaultWindow(reference: readonly number[], length: number): number {
  const segments = reference.length + 1;
  return Math.max(1, Math.round(length / segments / 2));
}

/** counts[x] = number of boundaries b with b <= x, for x in 0..length. */
function cumulativeCounts(boundaries: readonly number[], length: number): Int32Array {
  const counts = new Int32Array(length + 1);
  for (const b of boundaries) {
    if (!Number.isInteger(b) || b <= 0 || b >= length) {
      throw new RangeError(`boundary ${b} is not inside a text of ${length} characters`);
    }
    counts[b]! += 1;
  }
  for (let x = 1; x <= length; x++) counts[x]! += counts[x - 1]!;
  return counts;
}

interface WindowScan {
  pkErrors: number;
  windowDiffErrors: number;
  windows: number;
}

function scan(reference: readonly number[], hypothesis: readonly number[], length: number, k: number): WindowScan {
  if (length < 2) return { pkErrors: 0, windowDiffErrors: 0, windows: 0 };
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`window k must be a positive integer, got ${k}`);
  const window = Math.min(k, length - 1);
  const ref = cumulativeCounts(reference, length);
  const hyp = cumulativeCounts(hypothesis, length);
  let pkErrors = 0;
  let windowDiffErrors = 0;
  const windows = length - window;
  for (let i = 0; i < windows; i++) {
    // Boundaries strictly after character i and at most at i+k: the cuts between the probes.
    const inRef = ref[i + window]! - ref[i]!;
    const inHyp = hyp[i + window]! - hyp[i]!;
    if (inRef === 0 !== (inHyp === 0)) pkErrors++;
    if (inRef !== inHyp) windowDiffErrors++;
  }
  return { pkErrors, windowDiffErrors, windows };
}

export function pk(reference: readonly number[], hypothesis: readonly number[], length: number, k = defaultWindow(reference, length)): number {
  return windowScores(reference, hypothesis, length, k).pk;
}

export function windowDiff(
  reference: readonly number[],
  hypothesis: readonly number[],
  length: number,
  k = defaultWindow(reference, length),
): number {
  return windowScores(reference, hypothesis, length, k).windowDiff;
}

/** Both scores from one pass. */
export function windowScores(
  reference: readonly number[],
  hypothesis: readonly number[],
  length: number,
  k = defaultWindow(reference, length),
): { pk: number; windowDiff: number; k: number; windows: number } {
  const result = scan(reference, hypothesis, length, k);
  const rate = (errors: number) => (result.windows === 0 ? 0 : errors / result.windows);
  return {
    pk: rate(result.pkErrors),
    windowDiff: rate(result.windowDiffErrors),
    k: length < 2 ? k : Math.min(k, length - 1),
    windows: result.windows,
  };
}
