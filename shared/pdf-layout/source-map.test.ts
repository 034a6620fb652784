/** The PDF source map: every kept line's range in the text is that line, and the page and box it came from. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentsEntry } from './pdf-contents';
import { layoutPdf } from './pdf-layout';
import { lineAtOffset, linesInRange, offsetAtPoint, pageAtOffset, pdfSourceMapSchema, REMOVED_REASONS } from './source-map';
import type { PdfItem, PdfPageItems } from './types';

const item = (str: string, y: number, more: Partial<PdfItem> = {}): PdfItem => ({ str, x: 72, y, width: str.length * 6, height: 12, bold: false, ...more });
const page = (items: PdfItem[]): PdfPageItems => ({ width: 612, height: 792, items });
const body = (lines: string[], top = 700) => lines.map((text, i) => item(text, top - 14 * i));

/** The item a mapped line came from: same page, baseline a quarter of the size above the box's bottom. */
function sourceItem(pages: PdfPageItems[], line: readonly number[]): PdfItem {
  const [p, , y] = line as [number, number, number];
  const found = pages[p]!.items.find((it) => Math.abs(it.y - 0.25 * it.height - y) < 0.06);
  if (!found) throw new Error(`no item at page ${p} y ${y}`);
  return found;
}

/** What the text holds of a line: the line, less a hyphen the joiner dropped, or a contents line's entry. */
function expectRoundTrip(pages: PdfPageItems[], plain: boolean) {
  const result = layoutPdf(pages, plain);
  const map = pdfSourceMapSchema.parse(result.sourceMap);
  let previous = 0;
  for (const line of map.lines) {
    const [, , , , , start, end] = line;
    expect(start).toBeGreaterThanOrEqual(previous);
    previous = start;
    const str = sourceItem(pages, line).str;
    const slice = result.text.slice(start, end);
    const expected = contentsEntry(str) ?? str;
    if (slice !== expected) expect(`${slice}-`).toBe(expected);
  }
  return { result, map };
}

describe('PDF source map', () => {
  it("gives each kept line its page, box and range, and the range's text is the line", () => {
    const pages = [1, 2, 3].map((n) =>
      page([
        item('Segment Workbench Manual', 760, { height: 9 }),
        item(`Chapter ${n}`, 700, { height: 18 }),
        ...body([`Body text of page ${n} goes on and the word manip-`, 'ulation is joined.', 'Contents ......... 4'], 676),
        item(`${n}`, 30, { height: 9 }),
      ]),
    );
    const { result, map } = expectRoundTrip(pages, false);
    expect(map.pages).toBe(3);
    expect(map.lines.filter((l) => l[0] === 1)).toHaveLength(4);
    const reasons = map.removed.map((r) => REMOVED_REASONS[r[5]]);
    expect(reasons.filter((r) => r === 'header-footer')).toHaveLength(3);
    expect(reasons.filter((r) => r === 'page-number')).toHaveLength(3);
    expect(reasons.filter((r) => r === 'contents-leader')).toHaveLength(3);
    // The header's box: at x 72, bottom a quarter of 9 pt under its baseline, 24 characters × 6 wide.
    expect(map.removed[0]).toEqual([0, 72, 757.8, 144, 10.8, 0]);
    // Every offset of the text finds the page it was read from.
    const second = result.text.indexOf('Body text of page 2');
    expect(pageAtOffset(map, second)).toBe(1);
    expect(pageAtOffset(map, result.text.indexOf('ulation', second))).toBe(1);
    expect(linesInRange(map, 1, second, second + 5)).toHaveLength(1);
    // A point on a line gives that line's start; one between lines the nearest.
    const line = map.lines[lineAtOffset(map, second)]!;
    expect(offsetAtPoint(map, 1, line[1] + 10, line[2] + 2)).toBe(second);
    expect(offsetAtPoint(map, 1, 300, line[2] + 30)).toBe(map.lines.find((l) => l[0] === 1)![5]);
    expect(offsetAtPoint(map, 7, 0, 0)).toBeNull();
  });

  it('round-trips random pages of lines, Markdown and plain', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9.,;:()]{1,10}$/);
    const text = fc.tuple(fc.array(word, { minLength: 1, maxLength: 8 }), fc.constantFrom('', '-', ' .......... 12')).map(([w, end]) => w.join(' ') + end);
    const pageLines = fc.array(fc.tuple(text, fc.constantFrom(12, 12, 12, 18), fc.constantFrom(14, 14, 30)), { minLength: 1, maxLength: 25 });
    fc.assert(
      fc.property(fc.array(pageLines, { minLength: 1, maxLength: 4 }), fc.boolean(), (spec, plain) => {
        const pages = spec.map((lines) => {
          let y = 740;
          return page(lines.map(([str, height, step]) => item(str, (y -= step), { height })));
        });
        expectRoundTrip(pages, plain);
      }),
      { numRuns: 150 },
    );
  });
});
