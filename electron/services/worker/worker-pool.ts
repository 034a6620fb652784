/**
 * Worker threads for the heavy jobs (jobs.ts), so that the web host's and the desktop main
 * process's event loop keeps answering while a 5 MB TextTiling runs. One job per worker at a
 * time; a finished worker waits idle (unref'd: it never keeps the process alive) for the next
 * job, since starting one costs a few hundred milliseconds. Cancelling a job terminates its
 * worker: synchronous work cannot be interrupted any other way.
 *
 * The pool is fixed: at most `size` workers live at once (each is a V8 isolate of tens of MB,
 * and more of them than cores only share the same cores). Jobs past that wait in a queue, in the
 * order they came; past `queue` waiting jobs a new one is refused at once with `busy`. Before
 * (issue 36), each job got a worker of its own: 120 runs started at once were 131 threads and
 * 3.3 GB, and every other call waited 5.3 s.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { UserError } from '../../../shared/errors';
import { wireErrorCodes } from '../../../shared/ipc/wire';
import { fromSentError, type SentError } from './error-transfer';
import { abortError } from '../platform/abort';
import { startWorker } from './start-worker';
import type { Job, JobResult } from './jobs';

/** Idle workers kept for the next jobs. */
const MAX_IDLE = 2;

export interface PoolLimits {
  /** Workers alive at once, busy or idle. */
  size: number;
  /** Jobs waiting for a worker; one more is refused with `busy`. */
  queue: number;
}

/** Two workers at least (a read need not wait for a run), at most four, else one per core. */
export const DEFAULT_POOL_LIMITS: PoolLimits = { size: Math.max(2, Math.min(4, availableParallelism())), queue: 1000 };

/** The pool and its queue are full: try again once some jobs have finished. */
export class PoolBusyError extends UserError {
  constructor(limits: PoolLimits) {
    super(
      wireErrorCodes.busy,
      `the host is busy: ${limits.size} worker threads are working and ${limits.queue} more jobs wait for them; try again once some have finished`,
    );
    this.name = 'PoolBusyError';
  }
}

type Reply = { ok: true; result: unknown } | { ok: false; error: SentError };

interface Waiting {
  job: Job;
  signal: AbortSignal | undefined;
  resolve: (result: unknown) => void;
  reject: (err: unknown) => void;
  onAbort: () => void;
}

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  /** Terminated and not yet exited: still a thread, so still counted. */
  private readonly ending = new Set<Worker>();
  private readonly waiting: Waiting[] = [];
  /** The most workers alive at once so far (for tests and benchmarks). */
  peakLive = 0;

  constructor(
    private readonly entry: URL,
    readonly limits: PoolLimits = DEFAULT_POOL_LIMITS,
  ) {}

  /** Workers alive now, busy or idle. */
  get live(): number {
    return this.idle.length + this.busy.size + this.ending.size;
  }

  /** Jobs waiting for a worker now. */
  get queued(): number {
    return this.waiting.length;
  }

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
    if (this.idle.length > 0 || this.live < this.limits.size) return this.dispatch(job, signal) as Promise<JobResult<J>>;
    if (this.waiting.length >= this.limits.queue) return Promise.reject(new PoolBusyError(this.limits));
    return new Promise<JobResult<J>>((resolve, reject) => {
      const entry: Waiting = {
        job,
        signal,
        resolve: resolve as (result: unknown) => void,
        reject,
        // Cancelled while waiting: it leaves the queue, and no worker ever sees it.
        onAbort: () => {
          const at = this.waiting.indexOf(entry);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(abortError());
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Terminates a worker; its place is free once its thread has exited. */
  private end(worker: Worker): void {
    this.ending.add(worker);
    void worker.terminate().finally(() => {
      this.ending.delete(worker);
      this.next();
    });
  }

  /** Hands waiting jobs to the workers a finished or ended job left room for. */
  private next(): void {
    while (this.waiting.length > 0 && (this.idle.length > 0 || this.live < this.limits.size)) {
      const entry = this.waiting.shift() as Waiting;
      entry.signal?.removeEventListener('abort', entry.onAbort);
      this.dispatch(entry.job, entry.signal).then(entry.resolve, entry.reject);
    }
  }

  private dispatch(job: Job, signal: AbortSignal | undefined): Promise<unknown> {
    const worker = this.idle.pop() ?? this.start();
    worker.ref();
    this.busy.add(worker);
    this.peakLive = Math.max(this.peakLive, this.live);
    return new Promise<unknown>((resolve, reject) => {
      const settle = (outcome: () => void, reusable: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        this.busy.delete(worker);
        if (reusable && (this.waiting.length > 0 || this.idle.length < MAX_IDLE)) {
          worker.unref();
          this.idle.push(worker);
        } else {
          this.end(worker);
        }
        outcome();
        this.next();
      };
      const onMessage = (reply: Reply) => settle(() => (reply.ok ? resolve(reply.result) : reject(fromSentError(reply.error))), true);
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
        worker.postMessage({ ...job, bytes }, [bytes.buffer as ArrayBuffer]);
      } else if (job.kind === 'check-frame') {
        // A piece that is the whole of its buffer (ws joins a 1 MiB frame into one of its own) is
        // handed over as it is, no copy on the loop; one on a shared buffer, as a copy of itself.
        const pieces = job.pieces.map((piece) => (piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength ? piece : piece.slice()));
        worker.postMessage({ ...job, pieces }, pieces.map((piece) => piece.buffer as ArrayBuffer));
      } else if (job.kind === 'count-tokens') {
        // The packed ranges are handed over; the span (a string) is copied by the clone.
        const ranges = job.ranges.byteOffset === 0 && job.ranges.byteLength === job.ranges.buffer.byteLength ? job.ranges : job.ranges.slice();
        worker.postMessage({ ...job, ranges }, [ranges.buffer as ArrayBuffer]);
      } else {
        worker.postMessage(job);
      }
    });
  }

  /** Terminates every worker, idle or busy (their jobs reject), and refuses the waiting jobs. */
  async dispose(): Promise<void> {
    for (const entry of this.waiting.splice(0)) {
      entry.signal?.removeEventListener('abort', entry.onAbort);
      entry.reject(new Error('the worker pool was closed'));
    }
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
