/**
 * Token counts of many texts, a slice of the loop's time at a time. countTokens takes up to
 * 200,000 ranges (the contract's limit); counted in one go on the host's event loop that was 1.9 s
 * at load 12 (`npm run bench:host-load -- frame`, issue 36), every other client waiting. Counting
 * stops every TURN_MS to let the loop answer the others, then goes on: the same counts, in order.
 */
const TURN_MS = 10;

export async function countInTurns(texts: readonly string[], count: (text: string) => number): Promise<number[]> {
  const counts = new Array<number>(texts.length);
  let turnStarted = performance.now();
  for (let i = 0; i < texts.length; i++) {
    counts[i] = count(texts[i]!);
    if (performance.now() - turnStarted >= TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turnStarted = performance.now();
    }
  }
  return counts;
}
