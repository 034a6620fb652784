/** Index of the first value >= target in the ascending `values[lo, hi)` (hi when there is none). */
export function lowerBound(values: ArrayLike<number>, target: number, lo = 0, hi = values.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
