/**
 * The worker pool under a flood (issue 36: 120 runs started at once got a worker thread each, 131
 * threads and 3.3 GB): real worker threads on the heavy-work entry, from source. However many
 * jobs come at once, no more than the pool's size of workers live (counted by the pool and by the
 * process's threads); every job finishes, or, past the queue, is refused at once with `busy`; a
 * job cancelled while it waits never reaches a worker. Memory and the other clients' wait under
 * the flood: bench/host-load.ts (`npx tsx bench/host-load.ts flood`).
 */
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import type { SegmentationResult } from '../../shared/document/types';
import { WorkerPool } from '../../electron/services/worker/worker-pool';
import { workerEntry } from '../../electron/services/worker/worker-entries';
import type { Job } from '../../electron/services/worker/jobs';

const TEXT = Array.from({ length: 400 }, (_, i) => `Sentence number ${i} talks about the ${i % 7 === 0 ? 'sea' : 'land'}.`).join(' ');
const job = (): Job => ({ kind: 'run-rule-strategy', request: { text: TEXT, info: describeDocument('flood.txt', TEXT), strategy: 'texttiling', options: {} } });
const threads = () => readdirSync('/proc/self/task').length;

let pool: WorkerPool | null = null;
afterEach(async () => {
  await pool?.dispose();
  pool = null;
});

describe('the worker pool under a flood of jobs', () => {
  it('never has more than its size of workers alive; all jobs finish, those past the queue refused with busy', { timeout: 120_000 }, async () => {
    const size = 3;
    pool = new WorkerPool(workerEntry('heavyWork'), { size, queue: 100 });
    const before = threads();
    let peakThreads = before;
    const sampler = setInterval(() => (peakThreads = Math.max(peakThreads, threads())), 5);
    const outcomes = await Promise.allSettled(Array.from({ length: 120 }, () => pool!.run(job())));
    clearInterval(sampler);

    const finished = outcomes.filter((o): o is PromiseFulfilledResult<SegmentationResult> => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    // 3 at work and 100 waiting: the other 17 are refused the moment they come.
    expect(finished).toHaveLength(103);
    for (const o of finished) expect(o.value.segmentation.boundaries.length).toBeGreaterThan(0);
    expect(refused).toHaveLength(17);
    for (const o of refused) {
      expect(o.reason).toMatchObject({ code: 'busy', message: expect.stringMatching(/the host is busy: 3 worker threads are working and 100 more jobs wait for them/) });
    }
    expect(pool.peakLive).toBe(size);
    // Each worker is a thread of this process (Node adds none of its own per worker beyond that and a few for its isolate): bounded by the size, not by the 120 jobs.
    expect(peakThreads - before).toBeLessThanOrEqual(size * 4);
    expect(pool.queued).toBe(0);
  });

  it('a job cancelled while it waits leaves the queue and never reaches a worker', { timeout: 60_000 }, async () => {
    pool = new WorkerPool(workerEntry('heavyWork'), { size: 1, queue: 10 });
    const first = pool.run(job());
    const controller = new AbortController();
    const waiting = pool.run(job(), controller.signal);
    expect(pool.queued).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(pool.queued).toBe(0);
    await expect(first).resolves.toMatchObject({ strategy: 'texttiling' });
    expect(pool.peakLive).toBe(1);
  });
});
