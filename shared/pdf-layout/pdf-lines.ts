/**
 * Lines from positioned text items: items whose baselines lie within a fraction of the font size
 * of each other are one line, read left to right; a space goes between two items when the gap
 * between them is wider than a fifth of the font size and neither brings its own.
 */
import { splitColumns } from './pdf-columns';
import type { PdfItem, PdfLine, PdfPageItems } from './types';

/** Items this close in baseline (times the smaller font size) share a line. */
const SAME_BASELINE = 0.4;
/** A gap wider than this (times the font size) between two items is a space. */
const WORD_GAP = 0.2;

/**
 * Without an overprint: a producer that fakes bold (Chromium, for a font without a bold face)
 * draws the same text twice, a fraction of a point apart. The copy is dropped and the text it
 * doubled counts as bold.
 */
function withoutOverprint(items: PdfItem[]): PdfItem[] {
  const kept: PdfItem[] = [];
  for (const item of items) {
    const original = kept.findIndex((k) => k.str === item.str && Math.abs(k.x - item.x) < Math.max(1, 0.2 * item.height) && Math.abs(k.y - item.y) < 1);
    if (original < 0 || item.str.trim() === '') kept.push(item);
    else kept[original] = { ...kept[original]!, bold: true };
  }
  return kept;
}

function lineOf(group: PdfItem[], page: number, column: number): PdfLine | null {
  const items = withoutOverprint(group.sort((a, b) => a.x - b.x));
  let text = '';
  let previous: PdfItem | null = null;
  const sizes = new Map<number, number>();
  let boldChars = 0;
  let allChars = 0;
  for (const item of items) {
    if (previous) {
      const gap = item.x - (previous.x + previous.width);
      if (gap > WORD_GAP * Math.max(previous.height, item.height) && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
    }
    text += item.str;
    const n = item.str.replace(/\s/g, '').length;
    const size = Math.round(item.height * 2) / 2;
    sizes.set(size, (sizes.get(size) ?? 0) + n);
    allChars += n;
    if (item.bold) boldChars += n;
    previous = item;
  }
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  let size = 0;
  let most = -1;
  for (const [s, n] of sizes) if (n > most || (n === most && s > size)) [size, most] = [s, n];
  return {
    text: clean,
    x: items[0]!.x,
    right: Math.max(...items.map((i) => i.x + i.width)),
    y: Math.max(...items.map((i) => i.y)),
    size,
    bold: allChars > 0 && boldChars === allChars,
    page,
    column,
  };
}

/** The lines of a set of items (one column), top to bottom. */
export function linesOfItems(items: readonly PdfItem[], page = 0, column = 0): PdfLine[] {
  const sorted = items.filter((item) => item.str !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PdfItem[][] = [];
  let current: PdfItem[] = [];
  let baseline = Number.NaN;
  let height = 0;
  for (const item of sorted) {
    if (current.length && Math.abs(item.y - baseline) > Math.max(1, SAME_BASELINE * Math.min(height, item.height || height))) {
      groups.push(current);
      current = [];
    }
    if (!current.length) {
      baseline = item.y;
      height = item.height;
    }
    current.push(item);
  }
  if (current.length) groups.push(current);
  return groups.map((group) => lineOf(group, page, column)).filter((line): line is PdfLine => line !== null);
}

/** A page's lines in reading order: full-width text above, the columns left to right, full-width text below. */
export function linesOfPage(page: PdfPageItems, index: number): { lines: PdfLine[]; twoColumns: boolean } {
  const split = splitColumns(page.items, page.width);
  const lines = [
    ...linesOfItems(split.above, index, 0),
    ...split.columns.flatMap((column, c) => linesOfItems(column, index, c)),
    ...linesOfItems(split.below, index, 0),
  ];
  return { lines, twoColumns: split.columns.length === 2 };
}
