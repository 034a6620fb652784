/**
 * The readers' figures over the readers corpus (bench quality --corpus readers-headings): for
 * HTML and for PDF, how many gold headings are still in the read text and how many of those start
 * a `structural` segment; for the PDFs, the running header and footer lines left (Chromium prints
 * a date stamp and the title at the top and the URL and "n/N" at the bottom of every page) and the line-end
 * hyphenations left broken; and whether the windows-1252 page without a charset is read as its
 * UTF-8 original is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { structural } from '../../shared/strategies/structural';
import type { ReadersCorpusManifest } from './corpus-types';
import { locateHeadings, startsSegment } from './heading-starts';
import { firstLine } from '../../shared/text/first-line';
import { errorMessage } from '../../shared/text/error-message';

/** The reader entry point measured: this checkout's or another one's (before/after). */
export type ReadText = (path: string) => Promise<string>;

export interface FormatFigures {
  documents: number;
  headings: number;
  /** Gold headings found in the read text. */
  found: number;
  /** Of those, the ones a structural segment starts at. */
  startSegment: number;
}

export interface ReadersFigures {
  html: FormatFigures;
  pdf: FormatFigures & { furnitureLeft: number; brokenHyphenations: number };
  legacy: { page: string; result: 'read as the original' | 'read, differs from the original' | 'refused'; detail: string } | null;
  failures: string[];
}

const DATE_STAMP = /\b\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s?[AP]M\b/g;

function segmentStarts(text: string): number[] {
  const { segmentation } = structural.segment(text, {});
  return [0, ...segmentation.boundaries];
}

function countBroken(text: string, words: readonly string[]): number {
  const set = new Set(words);
  let broken = 0;
  // Chromium draws U+2010 where it breaks at a soft hyphen; a hyphen kept inside a word the source writes whole is broken too.
  for (const match of text.matchAll(/(\p{L}+)(?:[-\u00ad\u2010]\s+|[\u00ad\u2010])(\p{L}+)/gu)) if (set.has(`${match[1]}${match[2]}`.toLowerCase())) broken++;
  return broken;
}

export async function measureReaders(dir: string, manifest: ReadersCorpusManifest, read: ReadText): Promise<ReadersFigures> {
  const empty = (): FormatFigures => ({ documents: 0, headings: 0, found: 0, startSegment: 0 });
  const figures: ReadersFigures = { html: empty(), pdf: { ...empty(), furnitureLeft: 0, brokenHyphenations: 0 }, legacy: null, failures: [] };
  for (const doc of manifest.documents) {
    let text: string;
    try {
      text = await read(join(dir, doc.file));
    } catch (err) {
      figures.failures.push(`${doc.file}: ${errorMessage(err)}`);
      continue;
    }
    const row = figures[doc.format];
    row.documents++;
    row.headings += doc.headings.length;
    const starts = segmentStarts(text);
    const opens = (offset: number) => startsSegment(text, starts, offset);
    for (const offset of locateHeadings(text, doc.headings, opens)) {
      if (offset === null) continue;
      row.found++;
      if (opens(offset)) row.startSegment++;
    }
    if (doc.format === 'pdf') {
      const pdf = figures.pdf;
      // Chromium's header line starts with the date stamp, its footer line with the page's file:// URL.
      pdf.furnitureLeft += (text.match(DATE_STAMP) ?? []).length + (text.match(/file:\/\//g) ?? []).length;
      pdf.brokenHyphenations += countBroken(text, doc.hyphenated ?? []);
    }
  }
  if (manifest.legacy) {
    const page = manifest.legacy.file;
    try {
      const legacy = await read(join(dir, page));
      const original = await read(join(dir, manifest.legacy.original));
      figures.legacy = legacy === original
        ? { page, result: 'read as the original', detail: `${legacy.length} characters` }
        : { page, result: 'read, differs from the original', detail: `${legacy.length} vs ${original.length} characters` };
    } catch (err) {
      figures.legacy = { page, result: 'refused', detail: firstLine(err) };
    }
  }
  return figures;
}

export function readManifest(dir: string): ReadersCorpusManifest {
  return JSON.parse(readFileSync(join(dir, 'readers-corpus.json'), 'utf8')) as ReadersCorpusManifest;
}
