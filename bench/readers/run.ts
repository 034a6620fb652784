/**
 * `bench quality --corpus readers-headings [--readers-from DIR] [--json]`: the readers' figures
 * (measure.ts) over the readers corpus (scripts/readers-corpus.ts). --readers-from reads with the
 * electron/readers of another checkout (e.g. `git archive 6568329 electron shared | tar -x -C DIR`
 * with node_modules linked in), for before/after figures from the same corpus and the same
 * `structural`.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserInputError } from '../../electron/cli/errors';
import { READERS_MANIFEST } from './corpus-types';
import { measureReaders, readManifest, type ReadersFigures, type ReadText } from './measure';

export function isReadersCorpus(dir: string): boolean {
  return existsSync(join(dir, READERS_MANIFEST));
}

async function readerFrom(checkout: string | undefined): Promise<ReadText> {
  const entry = checkout === undefined ? '../../electron/readers/index' : pathToFileURL(join(resolve(checkout), 'electron/readers/index.ts')).href;
  if (checkout !== undefined && !existsSync(join(resolve(checkout), 'electron/readers/index.ts'))) throw new UserInputError(`--readers-from ${checkout}: no electron/readers/index.ts there`);
  const readers = (await import(entry)) as { readDocument(path: string): Promise<{ text: string }> };
  return async (path) => (await readers.readDocument(path)).text;
}

const share = (n: number, of: number) => (of === 0 ? '-' : (n / of).toFixed(2));

export function readersTable(f: ReadersFigures): string {
  const rows = [
    ['HTML: headings still in the read text', `${share(f.html.found, f.html.headings)} (${f.html.found} of ${f.html.headings}, ${f.html.documents} pages)`],
    ['HTML: of those, headings that start a structural segment', `${share(f.html.startSegment, f.html.found)} (${f.html.startSegment} of ${f.html.found})`],
    ['PDF: running header / footer lines left (date stamp, URL + n/N)', `${f.pdf.furnitureLeft} (${f.pdf.documents} PDFs)`],
    ['PDF: line-end hyphenations left broken', String(f.pdf.brokenHyphenations)],
    ['PDF: headings (from the source HTML) that start a segment', `${share(f.pdf.startSegment, f.pdf.headings)} (${f.pdf.startSegment} of ${f.pdf.headings}; ${f.pdf.found} found)`],
    ['windows-1252 page without a charset', f.legacy ? `${f.legacy.result} (${f.legacy.detail})` : '-'],
  ];
  const width = Math.max(...rows.map((r) => r[0]!.length));
  const lines = rows.map(([what, value]) => `${what!.padEnd(width)}  ${value}`);
  if (f.failures.length) lines.push('', `failed to read: ${f.failures.length}`, ...f.failures.map((x) => `  ${x}`));
  return `${lines.join('\n')}\n`;
}

export async function readersQuality(dir: string, options: { readersFrom?: string; json?: boolean }): Promise<number> {
  const figures = await measureReaders(dir, readManifest(dir), await readerFrom(options.readersFrom));
  process.stdout.write(options.json ? `${JSON.stringify(figures, null, 2)}\n` : readersTable(figures));
  return 0;
}
