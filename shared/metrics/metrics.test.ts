import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryScores, defaultWindow, evaluateBoundaries, lengthStats, pk, rougeL, rougeTokens, segmentStats, windowDiff } from './index';

describe('Pk and WindowDiff', () => {
  it('uses half the mean reference segment length as k', () => {
    // 10 chars, 2 reference segments: mean 5, half 2.5, rounded 3.
    expect(defaultWindow([5], 10)).toBe(3);
    // 100 chars, 4 segments: mean 25, half 12.5 -> 13.
    expect(defaultWindow([25, 50, 75], 100)).toBe(13);
    expect(defaultWindow([], 1)).toBe(1);
  });

  it('matches a hand computation for a near miss', () => {
    // N = 10, k = 3, windows i = 0..6 probe characters (i, i+3): 7 windows.
    // A boundary b lies between the probes when i < b <= i+3.
    // reference [5]: between for i in {2,3,4};  hypothesis [3]: between for i in {0,1,2}.
    // i:     0 1 2 3 4 5 6
    // ref:   - - x x x - -
    // hyp:   x x x - - - -
    // differ ^ ^   ^ ^        -> 4 of 7 windows, for both metrics (counts are only 0 or 1).
    expect(pk([5], [3], 10)).toBeCloseTo(4 / 7, 12);
    expect(windowDiff([5], [3], 10)).toBeCloseTo(4 / 7, 12);
  });

  it('shows WindowDiff counting boundaries where Pk only sees same/different segment', () => {
    // N = 10, k = 3. reference [5] counts per window i=0..6: 0 0 1 1 1 0 0
    // hypothesis [4, 6]: 4 is between for i in {1,2,3}, 6 for i in {3,4,5}: 0 1 1 2 1 1 0
    // Pk (zero vs non-zero differs): i=1, i=5          -> 2/7
    // WindowDiff (counts differ):    i=1, i=3, i=5     -> 3/7
    expect(pk([5], [4, 6], 10, 3)).toBeCloseTo(2 / 7, 12);
    expect(windowDiff([5], [4, 6], 10, 3)).toBeCloseTo(3 / 7, 12);
  });

  it('scores a missed and an extra boundary', () => {
    // N = 8, k = 2, windows i = 0..5 (6 windows), boundary b between when i < b <= i+2.
    // reference [4]: i in {2,3}. hypothesis []: never. Both metrics: 2/6.
    expect(pk([4], [], 8, 2)).toBeCloseTo(2 / 6, 12);
    expect(windowDiff([4], [], 8, 2)).toBeCloseTo(2 / 6, 12);
    // And the other way round: the hypothesis [4] against an empty reference.
    expect(pk([], [4], 8, 2)).toBeCloseTo(2 / 6, 12);
  });

  it('clamps k to the text and scores texts too short for a window as 0', () => {
    // N = 4, k = 10 -> k = 3, one window probing (0, 3); reference [2] is between, hypothesis [] is not.
    expect(pk([2], [], 4, 10)).toBe(1);
    expect(pk([], [], 1)).toBe(0);
    expect(windowDiff([], [], 0)).toBe(0);
  });

  it('rejects boundaries outside the text and a bad k', () => {
    expect(() => pk([10], [], 10)).toThrow(RangeError);
    expect(() => pk([], [0], 10)).toThrow(RangeError);
    expect(() => pk([], [], 10, 0)).toThrow(/positive integer/);
  });

  it('is 0 for identical segmentations and stays within [0, 1]', () => {
    const cuts = (n: number) => fc.uniqueArray(fc.integer({ min: 1, max: n - 1 }), { maxLength: 20 }).map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 300 }).chain((n) => fc.tuple(fc.constant(n), cuts(n), cuts(n))),
        ([n, ref, hyp]) => {
          expect(pk(ref, ref, n)).toBe(0);
          expect(windowDiff(ref, ref, n)).toBe(0);
          const p = pk(ref, hyp, n);
          const w = windowDiff(ref, hyp, n);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(w).toBeLessThanOrEqual(1);
          // A window where Pk sees a difference always has different counts too.
          expect(w).toBeGreaterThanOrEqual(p);
        },
      ),
    );
  });
});

describe('boundary precision, recall and F1', () => {
  it('matches one-to-one within the tolerance', () => {
    // reference 10 20 30, predicted 11 25 29 40, tolerance 1:
    // 11 matches 10, 25 matches nothing (5 from 20, 5 from 30), 29 matches 30, 40 nothing.
    // matched 2: P = 2/4, R = 2/3, F1 = 2 * (1/2)(2/3) / (1/2 + 2/3) = (2/3) / (7/6) = 4/7.
    const s = boundaryScores([10, 20, 30], [11, 25, 29, 40], 1);
    expect(s.matched).toBe(2);
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBeCloseTo(2 / 3, 12);
    expect(s.f1).toBeCloseTo(4 / 7, 12);
    // Exact matching finds none of them.
    expect(boundaryScores([10, 20, 30], [11, 25, 29, 40]).f1).toBe(0);
  });

  it('lets one reference boundary absorb only one prediction', () => {
    // reference 5, predicted 4 and 6, tolerance 1: one match. P = 1/2, R = 1, F1 = 2/3.
    const s = boundaryScores([5], [4, 6], 1);
    expect([s.precision, s.recall]).toEqual([0.5, 1]);
    expect(s.f1).toBeCloseTo(2 / 3, 12);
    // Greedy pairing still finds both pairs when each prediction has its own reference.
    expect(boundaryScores([4, 6], [5, 7], 1).matched).toBe(2);
  });

  it('handles empty sides as documented', () => {
    expect(boundaryScores([], [], 0)).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(boundaryScores([3], [], 0)).toMatchObject({ precision: 1, recall: 0, f1: 0 });
    expect(boundaryScores([], [3], 0)).toMatchObject({ precision: 0, recall: 1, f1: 0 });
    expect(() => boundaryScores([], [], -1)).toThrow(RangeError);
  });
});

describe('segment statistics', () => {
  it('counts segments and their lengths', () => {
    // Boundaries 3 and 10 in 12 chars: lengths 3, 7, 2 -> mean 4, median 3.
    expect(segmentStats([3, 10], 12)).toEqual({ count: 3, meanChars: 4, medianChars: 3, minChars: 2, maxChars: 7 });
    // Even count: median of 1 3 5 9 is (3 + 5) / 2 = 4, mean 18 / 4 = 4.5.
    expect(lengthStats([9, 1, 5, 3])).toMatchObject({ meanChars: 4.5, medianChars: 4 });
    expect(segmentStats([], 0).count).toBe(0);
    expect(segmentStats([], 5)).toMatchObject({ count: 1, meanChars: 5 });
  });
});

describe('ROUGE-L', () => {
  it("reproduces Lin's (2004) examples", () => {
    // reference "police killed the gunman"; candidate "police kill the gunman":
    // LCS = police the gunman = 3, P = R = 3/4, F1 = 0.75.
    expect(rougeL('police kill the gunman', 'police killed the gunman').f1).toBeCloseTo(0.75, 12);
    // candidate "the gunman kill police": LCS = "the gunman" = 2, P = R = 1/2.
    expect(rougeL('the gunman kill police', 'police killed the gunman').f1).toBeCloseTo(0.5, 12);
  });

  it('uses different lengths for precision and recall', () => {
    // candidate "the cat" (2 tokens), reference "The cat sat." (3): LCS 2, P = 1, R = 2/3, F1 = 0.8.
    expect(rougeL('the cat', 'The cat sat.')).toEqual({ precision: 1, recall: 2 / 3, f1: expect.closeTo(0.8, 12) });
  });

  it('tokenises spaceless scripts by character', () => {
    expect(rougeTokens('我喜欢猫 and Café!')).toEqual(['我', '喜', '欢', '猫', 'and', 'café']);
    // 我 喜 欢 猫 vs 我 喜 欢 狗: LCS 3 of 4, F1 = 0.75.
    expect(rougeL('我喜欢猫', '我喜欢狗').f1).toBeCloseTo(0.75, 12);
  });

  it('scores empty texts as documented', () => {
    expect(rougeL('', '...').f1).toBe(1);
    expect(rougeL('', 'word').f1).toBe(0);
  });
});

describe('evaluateBoundaries', () => {
  it('reports every metric at once', () => {
    const e = evaluateBoundaries([5], [3], 10, { tolerance: 2 });
    expect(e.k).toBe(3);
    expect(e.pk).toBeCloseTo(4 / 7, 12);
    expect(e.f1).toBe(1);
    expect(e.reference.count).toBe(2);
  });
});
