/**
 * Worker threads for the heavy jobs (jobs.ts), so that the web host's and the desktop main
 * process's event loop keeps answering while a 5 MB TextTiling runs. One job per worker at a
 * time; a finished worker waits idle (unref'd: it never keeps the process alive) for the next
 * job, since starting one costs a few hundred milliseconds. Cancelling a job terminates its
 * worker: synchronous work cannot be interrupted any other way.
 */
import type { Worker } from 'node:worker_threads';
import { fromSentError, type SentError } from './error-transfer';
import { abortError } from '../strategies/abort';
import { startWorker } from './start-worker';
import type { Job, JobResult } from './jobs';

/** Idle workers kept for the next jobs. */
const MAX_IDLE = 2;

type Reply = { ok: true; result: unknown } | { ok: false; error: SentError };

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();

  constructor(private readonly entry: URL) {}

  private start(): Worker {
    const worker = startWorker(this.entry);
    // A worker that dies while idle must not be handed the next job.
    worker.once('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at !== -1) this.idle.splice(at, 1);
    });
    return worker;
  }

  run<J extends Job>(job: J, signal?: AbortSignal): Promise<JobResult<J>> {
    if (signal?.aborted) return Promise.reject(abortError());
    const worker = this.idle.pop() ?? this.start();
    worker.ref();
    this.busy.add(worker);
    return new Promise<JobResult<J>>((resolve, reject) => {
      const settle = (outcome: () => void, reusable: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        this.busy.delete(worker);
        if (reusable && this.idle.length < MAX_IDLE) {
          worker.unref();
          this.idle.push(worker);
        } else {
          void worker.terminate();
        }
        outcome();
      };
      const onMessage = (reply: Reply) =>
        settle(() => (reply.ok ? resolve(reply.result as JobResult<J>) : reject(fromSentError(reply.error))), true);
      const onError = (err: Error) => settle(() => reject(err), false);
      const onExit = (code: number) => settle(() => reject(new Error(`the worker thread stopped (exit code ${code})`)), false);
      const onAbort = () => settle(() => reject(abortError()), false);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (job.kind === 'read-document-bytes') {
        // A copy of just these bytes is handed over (a view may sit on a larger, shared buffer).
        const bytes = job.bytes.slice();
        worker.postMessage({ ...job, bytes }, [bytes.buffer]);
      } else {
        worker.postMessage(job);
      }
    });
  }

  /** Terminates every worker, idle or busy (their jobs reject). */
  async dispose(): Promise<void> {
    const all = [...this.idle, ...this.busy];
    this.idle.length = 0;
    await Promise.all(all.map((worker) => worker.terminate()));
  }
}

const pools = new Map<string, WorkerPool>();

/** One pool per entry for the whole process: every service instance shares its workers. */
export function workerPool(entry: URL): WorkerPool {
  let pool = pools.get(entry.href);
  if (!pool) {
    pool = new WorkerPool(entry);
    pools.set(entry.href, pool);
  }
  return pool;
}
