/**
 * Token counts of many items (texts, or ranges of one text sliced as they are counted), a slice of
 * the loop's time at a time. countTokens takes up to 200,000 ranges (the contract's limit); counted
 * in one go on the host's event loop that was 1.9 s at load 12 (`npm run bench:host-load --
 * frame`, issue 36), every other client waiting. Counting stops every TURN_MS to let the loop
 * answer the others, then goes on: the same counts, in order. A large call with gpt-tokenizer's
 * tokenizers is counted in the worker pool instead; this is for qwen2, small calls and hosts
 * without a pool (worker/count-tokens.ts).
 */
const TURN_MS = 10;

export async function countInTurns<T>(items: readonly T[], count: (item: T) => number): Promise<number[]> {
  const counts = new Array<number>(items.length);
  let turnStarted = performance.now();
  for (let i = 0; i < items.length; i++) {
    counts[i] = count(items[i]!);
    if (performance.now() - turnStarted >= TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turnStarted = performance.now();
    }
  }
  return counts;
}
