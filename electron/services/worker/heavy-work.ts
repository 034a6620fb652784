/**
 * The worker thread's entry: takes one job at a time from the pool (worker-pool.ts), answers
 * with its result or its error. Bundled as worker.mjs next to main.mjs in dist/electron (the
 * desktop app) and dist/cli (the installed command); run from source through tsx's loader
 * otherwise (worker-entries.ts finds it either way).
 */
import { parentPort } from 'node:worker_threads';
import { toSentError } from './error-transfer';
import { runJob, type Job } from './jobs';

const port = parentPort;
if (!port) throw new Error('heavy-work.ts runs as a worker thread (see worker-pool.ts)');

port.on('message', (job: Job) => {
  runJob(job).then(
    (result) => port.postMessage({ ok: true, result }),
    (err: unknown) => port.postMessage({ ok: false, error: toSentError(err) }),
  );
});
