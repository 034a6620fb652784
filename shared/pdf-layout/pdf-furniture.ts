/**
 * Page furniture: running headers and footers and page numbers. A line in the top or bottom
 * margin band of a page is furniture when the same line (digits aside, so "Page 3 of 12" and
 * "Page 4 of 12" are the same) sits in that band on at least half of the pages, or when it is a
 * bare page number ("7", "- 7 -", "vii", "Page 7", "7 of 12", "7/12") in a document of two pages
 * or more. Lines outside the bands are never touched.
 */
import type { PdfLine } from './types';

/** The top and bottom bands, as a share of the page height. */
const BAND = 0.1;
/** Repeated on at least this share of the pages (and on two pages at least). */
const REPEATED_SHARE = 0.5;

export const PAGE_NUMBER = /^(?:(?:page|seite|página|pagina|стр\.?|страница)\s*)?[-–—]?\s*(?:\d{1,5}|[ivxlcdm]{1,8})\s*[-–—]?(?:\s*(?:of|von|de|sur|из|\/)\s*\d{1,5})?$/i;

export interface FurnitureResult {
  pages: PdfLine[][];
  headerFooterLines: number;
  pageNumbers: number;
}

type Band = 'top' | 'bottom' | null;

function bandOf(line: PdfLine, pageHeight: number): Band {
  if (line.y >= pageHeight * (1 - BAND)) return 'top';
  if (line.y <= pageHeight * BAND) return 'bottom';
  return null;
}

function key(band: Band, text: string): string {
  return `${band}:${text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ')}`;
}

/** `pageHeights[i]` is the height of page i (PDF points). */
export function removeFurniture(pages: readonly PdfLine[][], pageHeights: readonly number[]): FurnitureResult {
  const pagesWith = new Map<string, Set<number>>();
  pages.forEach((lines, p) => {
    for (const line of lines) {
      const band = bandOf(line, pageHeights[p] ?? 792);
      if (!band) continue;
      const k = key(band, line.text);
      if (!pagesWith.has(k)) pagesWith.set(k, new Set());
      pagesWith.get(k)!.add(p);
    }
  });
  const needed = Math.max(2, Math.ceil(pages.length * REPEATED_SHARE));
  let headerFooterLines = 0;
  let pageNumbers = 0;
  const kept = pages.map((lines, p) =>
    lines.filter((line) => {
      const band = bandOf(line, pageHeights[p] ?? 792);
      if (!band || pages.length < 2) return true;
      if (PAGE_NUMBER.test(line.text)) {
        pageNumbers++;
        return false;
      }
      if ((pagesWith.get(key(band, line.text))?.size ?? 0) >= needed) {
        headerFooterLines++;
        return false;
      }
      return true;
    }),
  );
  return { pages: kept, headerFooterLines, pageNumbers };
}
