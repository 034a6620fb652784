/**
 * Counting many texts lets the event loop run between slices (count-in-turns.ts): a callback
 * queued at the start runs before the counting ends, and the counts are the same, in order.
 */
import { describe, expect, it } from 'vitest';
import { countInTurns } from './count-in-turns';

/** A counter that takes about a millisecond per text: the characters, counted slowly. */
function slowCount(text: string): number {
  const until = performance.now() + 1;
  while (performance.now() < until);
  return text.length;
}

describe('countInTurns', () => {
  it('gives every count in order, and lets a waiting callback run before it ends', async () => {
    const texts = Array.from({ length: 100 }, (_, i) => 'x'.repeat(i));
    let ranWhileCounting = false;
    let counted = false;
    setImmediate(() => {
      ranWhileCounting = !counted;
    });
    const counts = await countInTurns(texts, slowCount);
    counted = true;
    expect(counts).toEqual(texts.map((t) => t.length));
    expect(ranWhileCounting).toBe(true);
  });

  it('counts nothing for no texts', async () => {
    expect(await countInTurns([], slowCount)).toEqual([]);
  });
});
