/**
 * countTokens in the worker pool (issue 36; electron/services/worker/count-tokens.ts): real worker
 * threads on the heavy-work entry, from source. The worker's counts equal the loop's, range for
 * range, on a real README with characters outside the BMP (offsets are UTF-16 code units: some
 * ranges split a surrogate pair on purpose), qwen2 included (the worker's TypeScript encoder against
 * llama.cpp on the loop); small calls stay on the loop; the pool's
 * `busy` refusal and Cancel still answer clearly. The other clients' wait: bench/host-load.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextRange } from '../../shared/ipc/range-list';
import { countTokens, SMALL_CALL } from '../../electron/services/worker/count-tokens';
import { workerEntry } from '../../electron/services/worker/worker-entries';
import { WorkerPool } from '../../electron/services/worker/worker-pool';

// fast-check's README (a pinned dev dependency): 42 KB of prose, code and emoji.
const README = readFileSync(join(dirname(createRequire(import.meta.url).resolve('fast-check/package.json')), 'README.md'), 'utf8');
const MODELS_DIR = 'models/test';

/** Every line, overlapping windows, empty ranges, the whole text, and a cut inside each surrogate pair. */
function rangesOf(text: string, from = 0): TextRange[] {
  const ranges: TextRange[] = [[from, text.length], [from, from]];
  let lineStart = from;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\n') {
      ranges.push([lineStart, i]);
      lineStart = i + 1;
    }
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) ranges.push([Math.max(from, i - 20), i + 1], [i + 1, Math.min(text.length, i + 30)]);
  }
  for (let start = from; start + 64 <= text.length; start += 7) ranges.push([start, start + 64]);
  return ranges;
}

let pool: WorkerPool | null = null;
afterEach(async () => {
  await pool?.dispose();
  pool = null;
});

describe('countTokens in the worker pool', () => {
  it('the README has characters outside the BMP, and the ranges cut some surrogate pairs', () => {
    const pairs = README.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) ?? [];
    expect(pairs.length).toBeGreaterThan(50);
    const cuts = rangesOf(README).filter(([start, end]) => /[\uD800-\uDBFF]$/.test(README.slice(start, end)));
    expect(cuts.length).toBeGreaterThanOrEqual(pairs.length);
  });

  it.each(['cl100k_base', 'o200k_base', 'qwen2'] as const)('%s: the same counts from a worker as on the loop, range for range', { timeout: 60_000 }, async (tokenizer) => {
    pool = new WorkerPool(workerEntry('heavyWork'), { size: 2, queue: 10 });
    for (const ranges of [rangesOf(README), rangesOf(README, 20_001)]) {
      expect(ranges.length).toBeGreaterThan(SMALL_CALL.ranges);
      const onLoop = await countTokens({ pool: null, modelsDir: MODELS_DIR }, tokenizer, README, ranges);
      const fromWorker = await countTokens({ pool, modelsDir: MODELS_DIR }, tokenizer, README, ranges);
      expect(fromWorker).toEqual(onLoop);
      expect(fromWorker[0]).toBeGreaterThan(5_000);
    }
    // Counted in the pool, not quietly on the loop.
    expect(pool.peakLive).toBeGreaterThan(0);
  });

  it('small calls stay on the loop (no worker starts), with the same counts', { timeout: 60_000 }, async () => {
    pool = new WorkerPool(workerEntry('heavyWork'), { size: 2, queue: 10 });
    const small: TextRange[] = [[0, 100], [100, 4_000]];
    expect(await countTokens({ pool }, 'cl100k_base', README, small)).toEqual(await countTokens({ pool: null }, 'cl100k_base', README, small));
    expect(await countTokens({ pool }, 'cl100k_base', README, [])).toEqual([]);
    expect(pool.peakLive).toBe(0);
  });

  it('a full pool refuses a count with busy; a cancelled count rejects as cancelled', { timeout: 60_000 }, async () => {
    pool = new WorkerPool(workerEntry('heavyWork'), { size: 1, queue: 0 });
    const ranges = rangesOf(README);
    const first = countTokens({ pool }, 'cl100k_base', README, ranges);
    await expect(countTokens({ pool }, 'cl100k_base', README, ranges)).rejects.toMatchObject({
      code: 'busy',
      message: 'the host is busy: 1 worker threads are working and 0 more jobs wait for them; try again once some have finished',
    });
    await first;
    await pool.dispose();

    // A queue of one: the next count waits for the cancelled one's worker to exit.
    pool = new WorkerPool(workerEntry('heavyWork'), { size: 1, queue: 1 });
    const controller = new AbortController();
    const cancelled = countTokens({ pool }, 'cl100k_base', README, ranges, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError', message: 'the run was cancelled' });
    // Its worker was terminated; the next count waits for it to exit, gets a fresh one and answers.
    expect(await countTokens({ pool }, 'cl100k_base', README, ranges)).toEqual(await countTokens({ pool: null }, 'cl100k_base', README, ranges));
  });
});
