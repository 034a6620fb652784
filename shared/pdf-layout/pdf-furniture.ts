/**
 * Page furniture: running headers and footers and page numbers. A line in the top or bottom
 * margin band of a page is furniture when the same line (digits aside, so "Page 3 of 12" and
 * "Page 4 of 12" are the same) sits in that band on at least half of the pages, or when it is a
 * bare page number ("7", "- 7 -", "vii", "Page 7", "7 of 12", "7/12") in a document of two pages
 * or more, or when it is a running title that changes with the chapter (see `runningTitles`).
 * Lines outside the bands are never touched.
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
  /** Each line removed, and why (for the source map). */
  removed: { line: PdfLine; reason: 'header-footer' | 'page-number' }[];
}

type Band = 'top' | 'bottom' | null;

function bandOf(line: PdfLine, pageHeight: number): Band {
  if (line.y >= pageHeight * (1 - BAND)) return 'top';
  if (line.y <= pageHeight * BAND) return 'bottom';
  return null;
}

/** Numbers aside: digits and roman numerals (a page "xiv" of the preface) read as `#`. */
function key(band: Band, text: string): string {
  return `${band}:${text.toLowerCase().replace(/\b(?:\d+|[ivxlcdm]+)\b/g, '#').replace(/\s+/g, ' ')}`;
}

/** Where a line sits: its band and its baseline to the point. */
const slotOf = (band: Band, line: PdfLine) => `${band}@${Math.round(line.y)}`;

/** A running title's frame: its first word when it ends with a page number ("chapter…#"), else ''. */
const frameOf = (k: string) => (/#$/.test(k) ? `${k.slice(k.indexOf(':') + 1).split(/[\s:]/, 1)[0]}…#` : '');

/**
 * Running titles that change with the chapter. A manual's header reads "Chapter 4: Function
 * reference 14" on the pages of chapter 4 and "Appendix A: Copying Information 25" on those of
 * the appendix: no one text is on half the pages, so the rule above keeps them all, and each lands
 * inside the body text it interrupts. Yet each text repeats (numbers aside) on its chapter's pages,
 * at the same baseline. So: a slot (band and baseline) where texts repeated on two pages or more
 * stand on at least `needed` pages is a running-title slot, and those repeated texts in it are
 * furniture, and so is a one-page chapter's title there when it has their frame (first word and a
 * page number at the end: "Chapter 1: Introduction 2"). A body line at that baseline is kept.
 * Returns `slot|key` of each such line.
 */
export function runningTitles(pages: readonly PdfLine[][], pageHeights: readonly number[], needed: number): Set<string> {
  const slots = new Map<string, Map<string, Set<number>>>();
  pages.forEach((lines, p) => {
    for (const line of lines) {
      const band = bandOf(line, pageHeights[p] ?? 792);
      if (!band) continue;
      const texts = slots.get(slotOf(band, line)) ?? new Map<string, Set<number>>();
      slots.set(slotOf(band, line), texts);
      const k = key(band, line.text);
      texts.set(k, (texts.get(k) ?? new Set()).add(p));
    }
  });
  const titles = new Set<string>();
  for (const [slot, texts] of slots) {
    const repeated = [...texts].filter(([, on]) => on.size >= 2);
    const covered = new Set(repeated.flatMap(([, on]) => [...on]));
    if (covered.size < needed) continue;
    const frames = new Set(repeated.map(([k]) => frameOf(k)).filter(Boolean));
    for (const [k, on] of texts) if (on.size >= 2 || frames.has(frameOf(k))) titles.add(`${slot}|${k}`);
  }
  return titles;
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
  const titles = runningTitles(pages, pageHeights, needed);
  let headerFooterLines = 0;
  let pageNumbers = 0;
  const removed: FurnitureResult['removed'] = [];
  const kept = pages.map((lines, p) =>
    lines.filter((line) => {
      const band = bandOf(line, pageHeights[p] ?? 792);
      if (!band || pages.length < 2) return true;
      if (PAGE_NUMBER.test(line.text)) {
        pageNumbers++;
        removed.push({ line, reason: 'page-number' });
        return false;
      }
      const k = key(band, line.text);
      if ((pagesWith.get(k)?.size ?? 0) >= needed || titles.has(`${slotOf(band, line)}|${k}`)) {
        headerFooterLines++;
        removed.push({ line, reason: 'header-footer' });
        return false;
      }
      return true;
    }),
  );
  return { pages: kept, headerFooterLines, pageNumbers, removed };
}
