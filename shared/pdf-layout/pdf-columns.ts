/**
 * Reading order on a two-column page: a gutter is an empty vertical band near the middle of the
 * page that text on both sides reaches; the left column is read before the right one. Text that
 * crosses the gutter (a title, a full-width figure caption, a running header) is full width: what
 * lies above the columns comes first, what lies below comes last.
 */
import type { PdfItem } from './types';

/** Each column needs this many baselines for the page to count as two columns. */
const MIN_COLUMN_LINES = 5;
/** And at least this share of the characters. */
const MIN_COLUMN_SHARE = 0.25;
/** A gutter is at least this wide, in points. */
const MIN_GUTTER = 6;

export interface ColumnSplit {
  /** One array per column, or one array when the page has a single column. */
  columns: PdfItem[][];
  /** Full-width text above and below the columns. */
  above: PdfItem[];
  below: PdfItem[];
}

const blank = (item: PdfItem) => item.str.trim() === '';

/** The widest empty band in the middle 40% of the page that no non-full-width item covers, or null. */
function findGutter(items: PdfItem[], width: number): { from: number; to: number } | null {
  const lo = Math.floor(width * 0.3);
  const hi = Math.ceil(width * 0.7);
  if (hi - lo < MIN_GUTTER) return null;
  const covered = new Uint32Array(hi - lo);
  for (const item of items) {
    // Items wider than half the page are full-width lines; they do not close a gutter.
    if (item.width > width * 0.5) continue;
    const from = Math.max(lo, Math.floor(item.x));
    const to = Math.min(hi, Math.ceil(item.x + item.width));
    for (let x = from; x < to; x++) covered[x - lo]!++;
  }
  let best: { from: number; to: number } | null = null;
  let start = -1;
  for (let i = 0; i <= covered.length; i++) {
    if (i < covered.length && covered[i] === 0) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= MIN_GUTTER && (!best || i - start > best.to - best.from)) best = { from: lo + start, to: lo + i };
    start = -1;
  }
  return best;
}

function baselines(items: PdfItem[]): number {
  return new Set(items.map((item) => Math.round(item.y))).size;
}

function chars(items: PdfItem[]): number {
  return items.reduce((sum, item) => sum + item.str.trim().length, 0);
}

export function splitColumns(items: readonly PdfItem[], pageWidth: number): ColumnSplit {
  const text = items.filter((item) => !blank(item));
  const single: ColumnSplit = { columns: [text], above: [], below: [] };
  const gutter = findGutter(text, pageWidth);
  if (!gutter) return single;
  const left = text.filter((item) => item.x + item.width <= gutter.from + 0.5);
  const right = text.filter((item) => item.x >= gutter.to - 0.5);
  const across = text.filter((item) => !left.includes(item) && !right.includes(item));
  const total = chars(text);
  const enough = (column: PdfItem[]) => baselines(column) >= MIN_COLUMN_LINES && chars(column) >= total * MIN_COLUMN_SHARE;
  if (!enough(left) || !enough(right)) return single;
  const top = Math.max(...left.map((i) => i.y), ...right.map((i) => i.y));
  return { columns: [left, right], above: across.filter((i) => i.y > top), below: across.filter((i) => i.y <= top) };
}
