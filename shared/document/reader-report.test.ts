import { describe, expect, it } from 'vitest';
import { paramSchemas, readerReportSchema } from '../ipc/contract';
import { describeReaderReport, type ReaderReport } from './reader-report';
import { markdownHeadings } from './markdown-headings';

const pdf: ReaderReport = { reader: 'pdf', output: 'markdown', headings: 9, headerFooterLines: 38, pageNumbers: 12, hyphenationsJoined: 1, contentsLines: 0, twoColumnPages: 0, warnings: [] };

describe('the reader report', () => {
  it('reads as one line for the document header', () => {
    expect(describeReaderReport(pdf)).toBe('PDF: 38 running-header lines and 12 page numbers removed, 1 hyphenated word joined, 9 headings');
    expect(describeReaderReport({ reader: 'html', output: 'markdown', encoding: 'windows-1252', encodingSource: 'fallback', headings: 0, warnings: ['the Markdown converter failed (x): read as plain paragraphs'] })).toBe(
      'HTML: decoded as windows-1252 (the Markdown converter failed (x): read as plain paragraphs)',
    );
    expect(describeReaderReport({ reader: 'txt', output: 'plain', encoding: 'utf-8', warnings: [] })).toBe('Text');
    expect(describeReaderReport({ reader: 'docx', output: 'plain', warnings: [] })).toBe('DOCX: plain text');
  });

  it('is plain data the contract validates, and the open calls take the read options', () => {
    expect(readerReportSchema.parse(JSON.parse(JSON.stringify(pdf)))).toEqual(pdf);
    expect(readerReportSchema.safeParse({ ...pdf, headings: -1 }).success).toBe(false);
    expect(paramSchemas.openPath.parse({ path: 'a.html', read: { plain: true, encoding: 'windows-1252' } }).read).toEqual({ plain: true, encoding: 'windows-1252' });
    expect(paramSchemas.openDocument.safeParse({ name: 'a', dataBase64: '', read: { plain: 'yes' } }).success).toBe(false);
  });
});

describe('markdownHeadings', () => {
  it('finds ATX headings outside fenced code, with their offsets', () => {
    const text = '# One\n\ntext\n\n```\n# not a heading\n```\n\n### Three ###\n';
    expect(markdownHeadings(text)).toEqual([
      { level: 1, text: 'One', offset: 0 },
      { level: 3, text: 'Three', offset: text.indexOf('### Three') },
    ]);
  });
});
