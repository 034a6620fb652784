import { describe, expect, it } from 'vitest';
import { contentsEntry } from './pdf-contents';
import { PAGE_NUMBER } from './pdf-furniture';
import { layoutPdf } from './pdf-layout';
import { linesOfItems } from './pdf-lines';
import type { PdfItem, PdfPageItems } from './types';

/** One text item per line, as many producers write them (12 pt body text at x = 72). */
const item = (str: string, y: number, more: Partial<PdfItem> = {}): PdfItem => ({ str, x: 72, y, width: str.length * 6, height: 12, bold: false, ...more });
const page = (items: PdfItem[]): PdfPageItems => ({ width: 612, height: 792, items });
/** Body lines from y = 700 down, 14 pt apart. */
const body = (lines: string[], top = 700) => lines.map((text, i) => item(text, top - 14 * i));

describe('PDF lines', () => {
  it('joins items on one baseline left to right, with a space where the gap is a word gap', () => {
    const lines = linesOfItems([item('world', 700, { x: 110 }), item('Hello', 700, { x: 72, width: 30 }), item('Hel', 680, { width: 18 }), item('lo', 680, { x: 90 })]);
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'Hello']);
  });

  it('drops the overprinted copy of synthetic bold and counts its text as bold', () => {
    const [line] = linesOfItems([item('Vcs-Browser', 700, { width: 66 }), item('Vcs-Browser', 700, { x: 72.4, width: 66 })]);
    expect(line).toMatchObject({ text: 'Vcs-Browser', bold: true });
  });

  it('splits paragraphs at gaps larger than the usual line step', () => {
    // Steps 14, 14, 30, 14: the usual step is 14, so the 30 pt gap (> 1.5 × 14) starts a paragraph.
    const { text } = layoutPdf([page([item('a', 700), item('b', 686), item('c', 672), item('d', 642), item('e', 628)])]);
    expect(text).toBe('a b c\n\nd e\n');
  });
});

describe('running headers, footers and page numbers', () => {
  it('removes a running header repeated on 3 pages and the page numbers under them, keeps the body', () => {
    const pages = [1, 2, 3].map((n) =>
      page([item('Segment Workbench Manual — Chapter 2', 760, { height: 9 }), ...body([`Body text of page ${n} ends here.`]), item(`Page ${n} of 3`, 30, { height: 9 })]),
    );
    const result = layoutPdf(pages);
    expect(result.text).toBe('Body text of page 1 ends here.\n\nBody text of page 2 ends here.\n\nBody text of page 3 ends here.\n');
    expect(result).toMatchObject({ headerFooterLines: 3, pageNumbers: 3 });
  });

  it('removes bare page numbers and numbered running headers, never a line outside the margin bands', () => {
    const pages = [1, 2, 3, 4].map((n) => page([item(`${n * 10 + 3} Introduction`, 760), ...body(['7', `Text ${n}.`]), item(`- ${n} -`, 30)]));
    const result = layoutPdf(pages);
    expect(result.text).toBe('7 Text 1.\n\n7 Text 2.\n\n7 Text 3.\n\n7 Text 4.\n');
    expect(result).toMatchObject({ headerFooterLines: 4, pageNumbers: 4 });
    for (const bare of ['12', 'xiv', 'Page 3', '3 of 12', '3/12', '- 3 -', 'Seite 4']) expect(PAGE_NUMBER.test(bare)).toBe(true);
    for (const text of ['3 apples', 'Chapter 3', '2024-05-01']) expect(PAGE_NUMBER.test(text)).toBe(false);
  });

  it('keeps a one-page document whole: nothing repeats there', () => {
    expect(layoutPdf([page([item('Title line', 760), ...body(['Body.']), item('1', 30)])]).text).toBe('Title line\n\nBody.\n\n1\n');
  });
});

describe('paragraphs and hyphenation', () => {
  it('joins a word hyphenated at a line end, and across a page break', () => {
    const pages = [page(body(['The reader undoes manip-', 'ulation of words broken at the end of a line and the'])), page(body(['page: it re-', 'assembles them. Anglo-', 'Saxon keeps its hyphen.']))];
    const result = layoutPdf(pages);
    expect(result.text).toBe('The reader undoes manipulation of words broken at the end of a line and the page: it reassembles them. Anglo-Saxon keeps its hyphen.\n');
    expect(result.hyphenationsJoined).toBe(2);
  });

  it('a page break after a sentence end starts a new paragraph', () => {
    expect(layoutPdf([page(body(['One sentence.'])), page(body(['Another one.']))]).text).toBe('One sentence.\n\nAnother one.\n');
  });
});

describe('headings', () => {
  it('ranks headings by size, bold at body size last, and writes them as # lines (plain: lines alone)', () => {
    const lines = [
      item('User Guide', 740, { height: 24 }),
      item('Getting started', 700, { height: 18 }),
      ...body(['Most of the text is set in the body size, which is how the', 'reader tells headings from body text on any page.'], 676),
      item('Before you begin', 630, { bold: true }),
      ...body(['More body text follows the bold heading and runs on', 'for a while so that the body size is clear.'], 610),
      item('Next steps', 560, { height: 18 }),
      ...body(['The end.'], 536),
    ];
    const result = layoutPdf([page(lines)]);
    expect(result.text).toBe(
      '# User Guide\n\n## Getting started\n\nMost of the text is set in the body size, which is how the reader tells headings from body text on any page.\n\n' +
        '### Before you begin\n\nMore body text follows the bold heading and runs on for a while so that the body size is clear.\n\n## Next steps\n\nThe end.\n',
    );
    expect(result.headings).toBe(4);
    expect(layoutPdf([page(lines)], true).text.startsWith('User Guide\n\nGetting started\n\nMost')).toBe(true);
  });

  it('a heading set on two lines is one heading', () => {
    const lines = [item('A long chapter title that', 740, { height: 18 }), item('wraps onto a second line', 718, { height: 18 }), ...body(['Body text at the body size, several words long.', 'And more.'], 690)];
    expect(layoutPdf([page(lines)]).text.split('\n')[0]).toBe('# A long chapter title that wraps onto a second line');
  });
});

describe('contents and columns', () => {
  it('keeps table-of-contents dot leaders out of the text, one entry per line', () => {
    expect(contentsEntry('1.2 Installing ........ 7')).toBe('1.2 Installing');
    expect(contentsEntry('Appendix . . . . . . xii')).toBe('Appendix');
    expect(contentsEntry('A sentence that ends with an ellipsis...')).toBeNull();
    const result = layoutPdf([page(body(['Introduction .......... 1', 'Installing ............ 4', 'The text starts here.'], 700))]);
    expect(result.text).toBe('- Introduction\n- Installing\n\nThe text starts here.\n');
    expect(result.contentsLines).toBe(2);
  });

  it('reads a two-column page column by column, a full-width title first', () => {
    const left = ['Left column line one', 'left column line two', 'left column line three', 'left column line four', 'left column ends here.'];
    const right = ['Right column line one', 'right column line two', 'right column line three', 'right column line four', 'right column ends here.'];
    // The producer writes each baseline across both columns, as two-column layouts often come out.
    const items = [item('A Title Across Both Columns Of The Page', 740, { x: 72, width: 468, height: 18 })];
    left.forEach((text, i) => items.push(item(right[i]!, 700 - 14 * i, { x: 320, width: 220 }), item(text, 700 - 14 * i, { x: 72, width: 220 })));
    const result = layoutPdf([page(items)]);
    expect(result.text).toBe(`# A Title Across Both Columns Of The Page\n\n${left.join(' ')}\n\n${right.join(' ')}\n`);
    expect(result.twoColumnPages).toBe(1);
  });
});
