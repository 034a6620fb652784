/**
 * The worker thread that reads one PDF (pdf-reader.ts: pdf.ts and the layout rules) for pdf-budget.ts, which can end it: pdf.js runs
 * synchronous stretches (a Flate bomb inflating, a page of a million text operators) that nothing
 * on the parsing thread could interrupt. Says `ready` once pdf.js is loaded, so the time budget
 * measures the document, not the loading; then reads the one document it was given and answers.
 */
import { parentPort } from 'node:worker_threads';
import type { Budgets } from '../../shared/budgets/budgets';
import { UserError } from '../../shared/errors';
import { toSentError } from '../services/worker/error-transfer';
import { DocumentReadError } from './errors';
import { readPdf } from './pdf-reader';

export interface PdfJob {
  name: string;
  bytes: Uint8Array;
  budgets: Budgets;
  /** Plain paragraphs instead of Markdown (the reader's `plain` setting). */
  plain: boolean;
}

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (see pdf-budget.ts)');

await import('pdfjs-dist/legacy/build/pdf.mjs');
port.once('message', ({ name, bytes, budgets, plain }: PdfJob) => {
  readPdf(name, bytes, budgets, plain).then(
    (result) => port.postMessage({ ok: true, result }),
    (err: unknown) => {
      // Whatever pdf.js throws past opening the file (a circular page tree, a broken object) is
      // about this file, so it is the user's: a one-line refusal naming it, not an internal error.
      const refusal = err instanceof UserError ? err : new DocumentReadError(`${name} is not a readable PDF: ${firstLine(err)}`);
      port.postMessage({ ok: false, error: toSentError(refusal) });
    },
  );
});
port.postMessage({ ready: true });

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}
