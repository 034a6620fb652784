import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDocx } from '../../test/cli/support/make-docx';
import { makePdf } from '../../test/cli/support/make-pdf';
import { describeDocument } from '../../shared/document/document-info';
import { DocumentReadError, readDocument, readDocumentBytes } from './index';

const dir = mkdtempSync(join(tmpdir(), 'readers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

async function expectReadError(read: Promise<unknown>, message: RegExp): Promise<void> {
  const err = await read.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DocumentReadError);
  expect((err as Error).message).toMatch(message);
}

describe('readDocument', () => {
  it('reads .txt and .md verbatim, with document info', async () => {
    const path = join(dir, 'notes.md');
    writeFileSync(path, '# Title\r\n\r\nBody 😀\n');
    const doc = await readDocument(path);
    expect(doc).toEqual({
      name: 'notes.md',
      text: '# Title\r\n\r\nBody 😀\n',
      sourceFormat: 'md',
      info: describeDocument('notes.md', '# Title\r\n\r\nBody 😀\n'),
      reader: { reader: 'md', output: 'markdown', encoding: 'utf-8', encodingSource: 'utf-8', warnings: [] },
    });
  });

  it('refuses missing files, folders and unsupported extensions with one line each', async () => {
    await expectReadError(readDocument(join(dir, 'missing.txt')), /^no such file: .*missing\.txt$/);
    const folder = join(dir, 'folder.txt');
    mkdirSync(folder);
    await expectReadError(readDocument(folder), /folder\.txt is a directory, not a file$/);
    writeFileSync(join(dir, 'photo.png'), 'x');
    await expectReadError(readDocument(join(dir, 'photo.png')), /photo\.png: unsupported file type '\.png' \(supported: \.txt, .*\.docx\)$/);
    writeFileSync(join(dir, 'README'), 'x');
    await expectReadError(readDocument(join(dir, 'README')), /README: a file without an extension/);
  });

  it('refuses binary and non-UTF-8 text files', async () => {
    await expectReadError(readDocumentBytes('a.txt', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])), /a\.txt looks like a binary file: it contains a NUL byte at byte 4/);
    await expectReadError(readDocumentBytes('a.md', new Uint8Array([0x61, 0xff, 0x62])), /a\.md is not valid UTF-8: invalid byte 0xff at byte offset 1/);
  });
});

describe('HTML', () => {
  it('keeps the article and drops navigation, scripts and footers', async () => {
    const article = Array.from({ length: 4 }, (_, i) => `<p>Paragraph ${i + 1} of the story, long enough to look like real prose for a reader view, with several clauses, commas, and a full stop.</p>`).join('\n');
    const page = `<!doctype html><html><head><title>A story</title><script>var tracking = 1;</script></head><body>
      <nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
      <article><h1>A story</h1>${article}<pre>let x = 1;\n  x++;</pre></article>
      <footer>© 2024 Example Inc.</footer></body></html>`;
    const doc = await readDocumentBytes('page.html', utf8(page));
    expect(doc.sourceFormat).toBe('html');
    const paragraphs = doc.text.trimEnd().split('\n\n');
    expect(paragraphs[0]).toBe('# A story');
    expect(paragraphs.slice(1, 5).every((p, i) => p.startsWith(`Paragraph ${i + 1} of the story`))).toBe(true);
    expect(paragraphs[5]).toBe('```\nlet x = 1;\n  x++;\n```');
    expect(doc.text).not.toMatch(/Home|tracking|Example Inc/);
    expect(doc.reader).toMatchObject({ reader: 'html', output: 'markdown', headings: 1, warnings: [] });
    const plain = await readDocumentBytes('page.html', utf8(page), undefined, { plain: true });
    expect(plain.text.trimEnd().split('\n\n')[0]).toBe('A story');
    expect(plain.text.trimEnd().split('\n\n')[5]).toBe('let x = 1;\n  x++;');
    expect(plain.reader.output).toBe('plain');
  });

  it("takes the page's whole <title>, its whitespace collapsed, as the first heading (the first paragraph when read as plain)", async () => {
    const article = Array.from({ length: 4 }, (_, i) => `<p>Paragraph ${i + 1} of the licence, long enough to look like real prose for a reader view, with several clauses.</p>`).join('\n');
    const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><article><h2>Preamble</h2>${article}</article></body></html>`;
    const first = async (title: string, plain = false) => (await readDocumentBytes('page.html', utf8(page(title)), undefined, { plain })).text.split('\n\n')[0];
    // Readability's guess cut this one at its last separator.
    const gpl = 'The GNU General Public License v3.0 - GNU Project - Free Software Foundation';
    expect(await first(gpl)).toBe(`# ${gpl}`);
    expect(await first(gpl, true)).toBe(gpl);
    // A title wrapped over lines came out with its newline and indentation.
    expect(await first('Chapter 2.\n      Debian package   management')).toBe('# Chapter 2. Debian package management');
  });

  it('falls back to the body text for pages without an article', async () => {
    const tiny = utf8('<p>One <b>short</b>\n line.</p><ul><li>two</li><li>three</li></ul><table><tr><td>a</td><td>b</td>\n</tr><tr>\n<th>c</th> <td>d</td></tr></table>');
    expect((await readDocumentBytes('tiny.htm', tiny)).text).toBe('One short line.\n\n- two\n- three\n\n| a | b |\n| --- | --- |\n| c | d |\n');
    expect((await readDocumentBytes('tiny.htm', tiny, undefined, { plain: true })).text).toBe('One short line.\n\ntwo\n\nthree\n\na | b\n\nc | d\n');
    expect((await readDocumentBytes('empty.html', utf8(''))).text).toBe('');
  });
});

describe('DOCX', () => {
  it('reads paragraphs separated by blank lines', async () => {
    const doc = await readDocumentBytes('letter.docx', makeDocx(['Dear reader,', 'Tom & Jerry <3 Unicode: 漢字.', '', 'Regards']));
    expect(doc).toMatchObject({ sourceFormat: 'docx', text: 'Dear reader,\n\nTom & Jerry <3 Unicode: 漢字.\n\nRegards\n' });
  });

  it('refuses a file that is not a .docx', async () => {
    await expectReadError(readDocumentBytes('fake.docx', utf8('plain text, not a zip')), /fake\.docx is not a readable \.docx file: /);
  });
});

describe('PDF', () => {
  it('reads text per page, with paragraphs from the line spacing', async () => {
    const pdf = makePdf([
      [
        { text: 'The first paragraph runs', y: 720 },
        { text: 'over two lines (really).', y: 706 },
        { text: 'A second paragraph after a gap.', y: 670 },
      ],
      [{ text: 'Page two.', y: 720 }],
    ]);
    const doc = await readDocumentBytes('report.pdf', pdf);
    expect(doc).toMatchObject({
      sourceFormat: 'pdf',
      text: 'The first paragraph runs over two lines (really).\n\nA second paragraph after a gap.\n\nPage two.\n',
    });
  });

  it('refuses a file that is not a PDF', async () => {
    await expectReadError(readDocumentBytes('fake.pdf', utf8('%PDF-1.4 nothing else')), /fake\.pdf is not a readable PDF: /);
  });
});
