import { describe, expect, it } from 'vitest';
import { removeFurniture, runningTitles } from './pdf-furniture';
import type { PdfLine } from './types';

const line = (text: string, y: number, page: number): PdfLine => ({ text, x: 72, right: 72 + text.length * 6, y, size: 12, bold: false, page, column: 0 });

/**
 * A texinfo-style manual of 8 pages: the even pages' header is "N Manual", the odd pages' is the
 * chapter's running title with the page number ("Chapter 2: Setup 3"), which changes with the
 * chapter, so no one title is on half the pages; chapters 1 and 3 put theirs on one page only.
 * Body lines start in the top band (y = 720).
 */
const chapterOf = ['Chapter 1: Overview', 'Chapter 1: Overview', 'Chapter 2: Function reference', 'Chapter 2: Function reference', 'Chapter 2: Function reference', 'Chapter 2: Function reference', 'Chapter 3: Copying', 'Chapter 3: Copying'];
const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];
const manual = (header: (p: number) => string) =>
  chapterOf.map((_, p) => [line(header(p), 750, p), line(`${words[p]} starts the text of this page.`, 720, p), line(`Returns: the value of ${words[p]}.`, 400, p)]);
const heights = chapterOf.map(() => 792);

describe('running titles that change with the chapter', () => {
  it('removes "Chapter N: <title> <page>" headers, arabic or roman page numbers, and keeps the body', () => {
    for (const number of [(p: number) => String(p + 1), (p: number) => ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii'][p]!]) {
      const pages = manual((p) => (p % 2 ? `${chapterOf[p]} ${number(p)}` : `${number(p)} Manual`));
      const result = removeFurniture(pages, heights);
      expect(result.pages.flat().map((l) => l.text)).toEqual(pages.flatMap((lines) => lines.slice(1).map((l) => l.text)));
      expect(result.headerFooterLines).toBe(8);
    }
  });

  it('a slot is a running-title slot only when repeated texts cover half the pages', () => {
    // Every page carries its chapter's title: 3 titles, each on 2 pages or more, cover all 8.
    const titled = manual((p) => `${chapterOf[p]} ${p + 1}`);
    expect(runningTitles(titled, heights, 4).size).toBe(3);
    // Each title once: nothing repeats, so nothing is a running title (a body line can sit there).
    const once = manual((p) => `Chapter ${p + 1}: ${words[p]} at the top`);
    expect(runningTitles(once, heights, 4).size).toBe(0);
    expect(removeFurniture(once, heights).headerFooterLines).toBe(0);
  });

  it('removes a one-page chapter\'s title in a running-title slot when it has their frame, not a body line there', () => {
    const pages = manual((p) => (p === 0 ? 'Chapter 1: Introduction 1' : p === 1 ? 'Chapter 1 ends on page 2, the next begins.' : `${chapterOf[p]} ${p + 1}`));
    const left = removeFurniture(pages, heights).pages.flat().map((l) => l.text);
    expect(left).not.toContain('Chapter 1: Introduction 1');
    expect(left).toContain('Chapter 1 ends on page 2, the next begins.');
  });

  it('keeps a line that repeats at the top of three pages when the slot is not a running one', () => {
    const pages = manual(() => 'unused').map((lines, p) => lines.slice(1).concat(p < 3 ? [line('}', 740, p)] : []));
    expect(removeFurniture(pages, heights).pages.flat().filter((l) => l.text === '}')).toHaveLength(3);
  });
});
