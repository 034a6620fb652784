/**
 * A document that needs parsing (HTML, DOCX, PDF: parse-formats.ts) is parsed in a worker thread
 * (reader-worker.ts), under two budgets the parse cannot escape: a time budget (a timer that
 * terminates the worker) and a memory budget, held twice over: the worker's heap limit
 * (worker_threads resourceLimits; past it V8 ends the worker, not this process), and, for what
 * lives outside that heap (pdf.js inflates a stream into one typed array, zlib's output buffers,
 * whose bytes V8 does not count against the limit), the process's resident memory sampled from this
 * thread while the worker runs. A Flate bomb, a page of a million text operators, a 60 MB page or a
 * .docx of 33 MB of styles is refused with a BudgetError naming the limit and its flag, and every
 * other thread goes on.
 *
 * Loading the parsers (linkedom, Readability, turndown, mammoth, pdf.js) costs a worker seconds, so
 * a worker that answered is kept, idle and unreferenced, for the next document read with the same
 * memory budget (its heap limit is fixed when it starts), and ended after IDLE_MS. A worker a
 * budget ended is never reused. The entry is found by worker-entries.ts (the .ts source or the
 * bundle's reader-worker.mjs).
 */
import type { Worker } from 'node:worker_threads';
import { budgetMessage, BudgetError, type Budgets } from '../../shared/budgets/budgets';
import type { ReadOptions } from '../../shared/document/reader-report';
import { fromSentError, type SentError } from '../services/worker/error-transfer';
import { workerEntry } from '../services/worker/worker-entries';
import { startWorker } from '../services/worker/start-worker';
import type { ParsedFormat, Reading } from './parse-formats';
import type { ReaderRequest } from './reader-worker';

type Reply = { ready: true } | { ok: true; reading: Reading } | { ok: false; error: SentError };

/** How often the resident memory is sampled: a Flate bomb takes seconds to inflate a few hundred MB. */
const MEMORY_SAMPLE_MS = 25;

/** V8's young generation is part of the heap too: a slice of the budget, the rest is the old generation. */
const YOUNG_GENERATION_SHARE = 1 / 16;

/** How long an idle worker waits for the next document before it is ended (its heap is given back). */
const IDLE_MS = 30_000;

interface IdleWorker {
  worker: Worker;
  memoryMb: number;
  timer: NodeJS.Timeout;
}

/** At most one idle worker: documents read one after another reuse it; reads at the same time start their own. */
let idle: IdleWorker | null = null;

function startReaderWorker(memoryMb: number): Worker {
  const young = Math.max(1, Math.floor(memoryMb * YOUNG_GENERATION_SHARE));
  // No `stdout: true` here: a worker's own stdio streams, once read, keep the process alive though
  // the worker is unref'd, so a CLI read waited out IDLE_MS before exiting. The worker drops its
  // output itself (reader-worker.ts).
  return startWorker(workerEntry('documentReader'), {
    resourceLimits: { maxOldGenerationSizeMb: Math.max(1, memoryMb - young), maxYoungGenerationSizeMb: young },
  });
}

/** The idle worker when its heap limit is this budget's, else a new one. */
function takeWorker(memoryMb: number): Worker {
  const kept = idle;
  idle = null;
  if (kept) {
    clearTimeout(kept.timer);
    if (kept.memoryMb === memoryMb) {
      kept.worker.ref();
      return kept.worker;
    }
    void kept.worker.terminate();
  }
  return startReaderWorker(memoryMb);
}

/** Keeps a worker that answered for the next document, unless one is kept already. */
function keepWorker(worker: Worker, memoryMb: number): void {
  if (idle) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = null;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { worker, memoryMb, timer };
  // A kept worker that dies (it should not) is simply forgotten.
  worker.once('exit', () => {
    if (idle?.worker === worker) {
      clearTimeout(idle.timer);
      idle = null;
    }
  });
}

export function readWithinBudgets(format: ParsedFormat, name: string, bytes: Uint8Array, budgets: Budgets, options: ReadOptions): Promise<Reading> {
  const memoryMb = budgets.readMemoryMb;
  const worker = takeWorker(memoryMb);
  return new Promise<Reading>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let sampler: NodeJS.Timeout | undefined;
    let settled = false;
    const overMemory = () => {
      const finding = 'parsing it took more memory than allowed';
      return new BudgetError('readMemoryMb', budgetMessage('readMemoryMb', name, memoryMb, finding));
    };
    /** `reusable`: the worker answered and may read the next document; otherwise it is ended. */
    const settle = (reusable: boolean, outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(sampler);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reusable) keepWorker(worker, memoryMb);
      else void worker.terminate();
      outcome();
    };
    const onMessage = (reply: Reply) => {
      if ('ready' in reply) {
        // The clock starts once the parser is loaded: the budget is the document's, not the start-up's.
        timer = setTimeout(
          () =>
            settle(false, () =>
              reject(new BudgetError('readSeconds', budgetMessage('readSeconds', name, budgets.readSeconds, `still parsing after ${budgets.readSeconds} seconds`))),
            ),
          budgets.readSeconds * 1000,
        );
        // Growth of the whole process while this parse runs: an over-estimate when other documents
        // are read at the same time, never an under-estimate of this one's.
        const baseline = process.memoryUsage.rss();
        sampler = setInterval(() => {
          if (process.memoryUsage.rss() - baseline > memoryMb * 1024 * 1024) settle(false, () => reject(overMemory()));
        }, MEMORY_SAMPLE_MS);
        // A copy of just these bytes is handed over (a view may sit on a larger, shared buffer).
        const copy = bytes.slice();
        worker.postMessage({ job: { name, bytes: copy, budgets, options } } satisfies ReaderRequest, [copy.buffer]);
        return;
      }
      settle(true, () => (reply.ok ? resolve(reply.reading) : reject(fromSentError(reply.error))));
    };
    const onError = (err: Error & { code?: string }) => settle(false, () => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? overMemory() : err));
    const onExit = (code: number) => settle(false, () => reject(new Error(`the document reader's worker thread stopped (exit code ${code})`)));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ prepare: format } satisfies ReaderRequest);
  });
}
