import { describe, expect, it } from 'vitest';
import { isSafeBoundary } from '../document/text-boundaries';
import { seededRandom } from '../util/seeded-random';
import { lineStarts, sentenceStarts } from '../text/sentences';
import { snapPointsBetween, snapPointsOf, unitStartAt } from './snap-points';

const PIECES = ['Dr. Smith', ' went home.', ' It rained!', '\n', '\r\n', '\r', '\n\n', ' "Why?" she asked.', ' e.g. this', ' 3. item', '  ', '。次', ' end…', ' The U.S. army'];

function randomText(seed: number, pieces: number): string {
  const next = seededRandom(seed);
  let text = '';
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

/** The whole-text definition, written out independently of the module's cache. */
function allPoints(text: string): number[] {
  return [...new Set([...sentenceStarts(text), ...lineStarts(text)])].filter((p) => isSafeBoundary(text, p)).sort((a, b) => a - b);
}

describe('snap points of a small stretch, read on its own', () => {
  it('are exactly the whole-text points inside the stretch', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const text = randomText(seed, seed <= 4 ? 6000 : 400); // the long ones make unitStartAt look back in windows
      const all = allPoints(text);
      const next = seededRandom(seed * 31);
      for (let k = 0; k < 50; k++) {
        snapPointsOf('another text'); // nothing kept for `text`: the stretch is read on its own
        const lo = Math.floor(next() * text.length);
        const hi = lo + Math.floor(next() * (text.length / 10));
        expect(snapPointsBetween(text, lo, hi)).toEqual(all.filter((p) => p > lo && p < hi));
        const offset = Math.floor(next() * text.length);
        const before = all.filter((p) => p <= offset);
        snapPointsOf('another text');
        expect(unitStartAt(text, offset)).toBe(before.length ? before[before.length - 1] : null);
      }
      expect(snapPointsOf(text)).toEqual(all);
    }
  });
});
