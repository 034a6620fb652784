/**
 * The worker thread that parses documents (parse-formats.ts: HTML, DOCX or PDF) for
 * budgeted-read.ts, which can end it: a parser runs synchronous stretches (a Flate bomb inflating,
 * a page of a million text operators, mammoth reading 33 MB of styles, linkedom building a 60 MB
 * page) that nothing on the parsing thread could interrupt. One document at a time: `prepare`
 * loads the format's parser and answers `ready`, so the time budget measures the document, not the
 * loading; then the job is read and answered. The thread is kept for the next document until a
 * budget ends it (loading the parsers costs seconds; budgeted-read.ts keeps one idle worker).
 */
import { parentPort } from 'node:worker_threads';
import { UserError } from '../../shared/errors';
import { firstLine } from '../../shared/text/first-line';
import { toSentError } from '../services/worker/error-transfer';
import { DocumentReadError } from './errors';
import { loadParser, type ParsedFormat, type Parser, type ReadJob } from './parse-formats';

export type ReaderRequest = { prepare: ParsedFormat } | { job: ReadJob };

/** How each format's unexpected failures read: a parser's throw past opening the file is about the file. */
const NOT_READABLE: Record<ParsedFormat, string> = { html: 'is not a readable HTML page', docx: 'is not a readable .docx file', pdf: 'is not a readable PDF' };

const port = parentPort;
if (!port) throw new Error('reader-worker.ts runs as a worker thread (see budgeted-read.ts)');

// The parsers warn about damaged files (pdf.js, mammoth, linkedom); the refusal says what matters,
// and the thread's output would land in the CLI's stdout, inside its JSON. So it goes nowhere.
for (const stream of [process.stdout, process.stderr]) stream.write = () => true;

const parsers = new Map<ParsedFormat, Parser>();
let format: ParsedFormat = 'html';

port.on('message', (request: ReaderRequest) => {
  if ('prepare' in request) {
    format = request.prepare;
    const loaded = parsers.get(format);
    if (loaded) {
      port.postMessage({ ready: true });
      return;
    }
    loadParser(format).then(
      (parser) => {
        parsers.set(request.prepare, parser);
        port.postMessage({ ready: true });
      },
      (err: unknown) => port.postMessage({ ok: false, error: toSentError(err) }),
    );
    return;
  }
  const { job } = request;
  parsers.get(format)!(job).then(
    (reading) => port.postMessage({ ok: true, reading }),
    (err: unknown) => {
      // Whatever a parser throws past opening the file (a circular PDF page tree, a broken object) is
      // about this file, so it is the user's: a one-line refusal naming it, not an internal error.
      const refusal = err instanceof UserError ? err : new DocumentReadError(`${job.name} ${NOT_READABLE[format]}: ${firstLine(err)}`);
      port.postMessage({ ok: false, error: toSentError(refusal) });
    },
  );
});
