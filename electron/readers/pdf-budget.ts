/**
 * A PDF is parsed in a worker thread of its own, under two budgets the parse cannot escape: a time
 * budget (a timer that terminates the worker) and a memory budget, held twice over: the worker's
 * heap limit (worker_threads resourceLimits; past it V8 ends the worker, not this process), and,
 * for what lives outside that heap (pdf.js inflates a stream into one typed array, whose bytes V8
 * does not count against the limit), the process's resident memory sampled from this thread while
 * the worker runs. A Flate bomb or a page of a million text operators is refused with a
 * BudgetError naming the limit and its flag, and every other thread goes on. The worker's entry is found by worker-entries.ts (the .ts source
 * or the bundle's pdf-worker.mjs).
 */
import { budgetMessage, BudgetError, type Budgets } from '../../shared/budgets/budgets';
import { fromSentError, type SentError } from '../services/worker/error-transfer';
import { workerEntry } from '../services/worker/worker-entries';
import { startWorker } from '../services/worker/start-worker';
import type { PdfLayoutResult } from '../../shared/pdf-layout/pdf-layout';
import type { PdfJob } from './pdf-worker';

type Reply = { ready: true } | { ok: true; result: PdfLayoutResult } | { ok: false; error: SentError };

/** How often the resident memory is sampled: a Flate bomb takes seconds to inflate a few hundred MB. */
const MEMORY_SAMPLE_MS = 25;

/** V8's young generation is part of the heap too: a slice of the budget, the rest is the old generation. */
const YOUNG_GENERATION_SHARE = 1 / 16;

export function readPdfWithinBudgets(name: string, bytes: Uint8Array, budgets: Budgets, plain: boolean): Promise<PdfLayoutResult> {
  const young = Math.max(1, Math.floor(budgets.readMemoryMb * YOUNG_GENERATION_SHARE));
  const worker = startWorker(workerEntry('pdfReader'), {
    resourceLimits: { maxOldGenerationSizeMb: Math.max(1, budgets.readMemoryMb - young), maxYoungGenerationSizeMb: young },
    // pdf.js warns on stderr about damaged files; the refusal says what matters, so its output is read and dropped.
    stderr: true,
    stdout: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<PdfLayoutResult>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let sampler: NodeJS.Timeout | undefined;
    let settled = false;
    const overMemory = () => {
      const finding = 'parsing it took more memory than allowed';
      return new BudgetError('readMemoryMb', budgetMessage('readMemoryMb', name, budgets.readMemoryMb, finding));
    };
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(sampler);
      void worker.terminate();
      outcome();
    };
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        // The clock starts once pdf.js is loaded: the budget is the document's, not the start-up's.
        timer = setTimeout(
          () =>
            settle(() =>
              reject(new BudgetError('readSeconds', budgetMessage('readSeconds', name, budgets.readSeconds, `still parsing after ${budgets.readSeconds} seconds`))),
            ),
          budgets.readSeconds * 1000,
        );
        // Growth of the whole process while this parse runs: an over-estimate when other documents
        // are read at the same time, never an under-estimate of this one's.
        const baseline = process.memoryUsage.rss();
        sampler = setInterval(() => {
          if (process.memoryUsage.rss() - baseline > budgets.readMemoryMb * 1024 * 1024) settle(() => reject(overMemory()));
        }, MEMORY_SAMPLE_MS);
        // A copy of just these bytes is handed over (a view may sit on a larger, shared buffer).
        const copy = bytes.slice();
        worker.postMessage({ name, bytes: copy, budgets, plain } satisfies PdfJob, [copy.buffer]);
        return;
      }
      settle(() => (reply.ok ? resolve(reply.result) : reject(fromSentError(reply.error))));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        settle(() => reject(overMemory()));
      } else {
        settle(() => reject(err));
      }
    });
    worker.on('exit', (code) => settle(() => reject(new Error(`the PDF reader's worker thread stopped (exit code ${code})`))));
  });
}
