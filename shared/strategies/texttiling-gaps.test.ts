/**
 * The gap picking is linear / n log n: the same answers as the straightforward (quadratic)
 * definitions on random input, and it gets through inputs where those would take hours.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseGaps, depthScores, nearest } from './texttiling-gaps';

/** The definitions, as written before: walk to each peak; compare with every gap taken. */
const reference = {
  depthScores: (scores: number[]) =>
    scores.map((score, i) => {
      let left = score;
      for (let j = i - 1; j >= 0 && scores[j]! >= left; j--) left = scores[j]!;
      let right = score;
      for (let j = i + 1; j < scores.length && scores[j]! >= right; j++) right = scores[j]!;
      return left - score + (right - score);
    }),
  chooseGaps: (depths: number[], minGapDistance: number) => {
    if (depths.length === 0) return [];
    const mean = depths.reduce((a, b) => a + b, 0) / depths.length;
    const sd = Math.sqrt(depths.reduce((a, d) => a + (d - mean) ** 2, 0) / depths.length);
    const order = depths.map((d, g) => [d, g] as const).filter(([d]) => d > mean - sd / 2 && d > 0);
    order.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    const chosen: number[] = [];
    for (const [, g] of order) if (chosen.every((c) => Math.abs(c - g) > minGapDistance)) chosen.push(g);
    return chosen.sort((a, b) => a - b);
  },
  nearest: (sorted: number[], offset: number, maxDistance: number) => {
    let best: number | null = null;
    for (const s of sorted) {
      if (Math.abs(s - offset) > maxDistance) continue;
      if (best === null || Math.abs(s - offset) < Math.abs(best - offset)) best = s;
    }
    return best;
  },
};

// Few distinct values, so that ties and plateaus (where the peak walks differ) are common.
const scores = fc.array(fc.integer({ min: 0, max: 4 }).map((v) => v / 4), { maxLength: 60 });

describe('texttiling gap picking', () => {
  it('depthScores and chooseGaps agree with the definitions', () => {
    fc.assert(
      fc.property(scores, (values) => {
        const depths = depthScores(values);
        expect(depths).toEqual(reference.depthScores(values));
        expect(chooseGaps(depths, 3)).toEqual(reference.chooseGaps(depths, 3));
      }),
      { seed: 12, numRuns: 500 },
    );
  });

  it('nearest agrees with the definition, the earlier value winning a tie', () => {
    const sortedSet = fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 30 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(sortedSet, fc.integer({ min: -10, max: 210 }), fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(Infinity)), (sorted, offset, max) => {
        expect(nearest(sorted, offset, max)).toBe(reference.nearest(sorted, offset, max));
      }),
      { seed: 12, numRuns: 1000 },
    );
  });

  it('gets through the inputs that are quadratic for the definitions (200,000 gaps)', () => {
    const n = 200_000;
    // Rising scores: every gap's right peak is the last one, n^2 / 2 steps for the peak walk.
    const rising = Array.from({ length: n }, (_, i) => i / n);
    const depths = depthScores(rising);
    expect(depths[0]).toBeCloseTo(1 - 1 / n);
    // Alternating depths: half the gaps qualify, a quarter are taken; every-taken-gap checks cost n^2 / 8.
    const alternating = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 2 : 1));
    const chosen = chooseGaps(alternating, 3);
    expect(chosen.length).toBe(n / 4);
    expect(chosen.slice(0, 3)).toEqual([0, 4, 8]);
  });
});
