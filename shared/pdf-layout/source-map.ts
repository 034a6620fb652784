/**
 * The PDF source map: where each line of the reader's text stood on its page, and which lines the
 * reader left out and why. One entry per line (never per glyph), as number tuples, so a 100-page
 * manual's map is a few hundred kB of JSON and costs the reader a few milliseconds. The page view
 * (renderer/features/page-view) draws a segment's lines on its page from it and turns a click on
 * the page back into a text offset.
 *
 * Coordinates are PDF user space relative to the page's lower left corner (its view box origin),
 * y upwards; a box is [x, y, width, height] with y its bottom. Pages are 0-based.
 */
import { z } from 'zod';
import type { PdfLine } from './types';

/** Why the reader left a line (or the end of one) out of the text. */
export const REMOVED_REASONS = ['header-footer', 'page-number', 'contents-leader'] as const;
export type RemovedReason = (typeof REMOVED_REASONS)[number];

const coordinate = z.number().finite();
const offset = z.number().int().min(0);
const pageIndex = z.number().int().min(0);

/** A kept line: [page, x, y, width, height, start, end]; text.slice(start, end) is the line as the text has it. */
export const keptLineSchema = z.tuple([pageIndex, coordinate, coordinate, coordinate, coordinate, offset, offset]);
export type KeptLine = z.infer<typeof keptLineSchema>;
/** A removed line: [page, x, y, width, height, reason index in REMOVED_REASONS]. */
export const removedLineSchema = z.tuple([pageIndex, coordinate, coordinate, coordinate, coordinate, z.number().int().min(0).max(REMOVED_REASONS.length - 1)]);
export type RemovedLine = z.infer<typeof removedLineSchema>;

export const pdfSourceMapSchema = z
  .object({
    kind: z.literal('pdf'),
    /** The PDF's page count. */
    pages: z.number().int().min(0),
    /** In text order: starts never decrease. */
    lines: z.array(keptLineSchema),
    removed: z.array(removedLineSchema),
  })
  .strict();
export type PdfSourceMap = z.infer<typeof pdfSourceMapSchema>;

/** Tenths of a point: finer than any screen shows, and short in JSON. */
const tenth = (v: number) => Math.round(v * 10) / 10;

/**
 * A line's box from its baseline and type size: the descenders go a quarter of the size below
 * the baseline, the ascenders a little under the size above it.
 */
export function lineBox(line: PdfLine, from = line.x, to = line.right): [number, number, number, number] {
  const size = line.size || 10;
  return [tenth(from), tenth(line.y - 0.25 * size), tenth(Math.max(0, to - from)), tenth(size * 1.2)];
}

export const keptLine = (line: PdfLine, start: number, end: number): KeptLine => [line.page, ...lineBox(line), start, end];
export const removedLine = (line: PdfLine, reason: RemovedReason, from?: number): RemovedLine => [line.page, ...lineBox(line, from), REMOVED_REASONS.indexOf(reason)];

/** The first kept line whose range ends after `offset` (the one holding it, or the next); -1 past the last. */
export function lineAtOffset(map: PdfSourceMap, offset: number): number {
  let lo = 0;
  let hi = map.lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (map.lines[mid]![6] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < map.lines.length ? lo : map.lines.length - 1;
}

/** The page a text offset was read from (the last line's page past the end); null for a map without lines. */
export function pageAtOffset(map: PdfSourceMap, offset: number): number | null {
  const i = lineAtOffset(map, offset);
  return i < 0 ? null : map.lines[i]![0];
}

/** The kept lines on `page` whose text overlaps [start, end). */
export function linesInRange(map: PdfSourceMap, page: number, start: number, end: number): KeptLine[] {
  return map.lines.filter((l) => l[0] === page && l[5] < end && l[6] > start);
}

/**
 * The text offset at a point of a page (PDF units): the start of the line under it, or of the
 * nearest line on the page (by vertical distance, then horizontal). Null on a page without kept lines.
 */
export function offsetAtPoint(map: PdfSourceMap, page: number, x: number, y: number): number | null {
  let best: KeptLine | null = null;
  let bestDistance = Infinity;
  for (const line of map.lines) {
    if (line[0] !== page) continue;
    const [, lx, ly, w, h] = line;
    const dy = y < ly ? ly - y : y > ly + h ? y - (ly + h) : 0;
    const dx = x < lx ? lx - x : x > lx + w ? x - (lx + w) : 0;
    const distance = dy * 1000 + dx;
    if (distance < bestDistance) [best, bestDistance] = [line, distance];
  }
  return best ? best[5] : null;
}

/**
 * The largest PDF the page view asks the host for (and the host sends): past it the page view
 * says so in one line and the text stays as it is. Base64 of this is within what one call carries.
 */
export const SOURCE_PDF_MAX_BYTES = 128 * 1024 * 1024;
