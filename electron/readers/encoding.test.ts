import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentReadError, readDocument, readDocumentBytes } from './index';
import { decodeHtml, metaCharset } from './encoding';

/** "Café – “naïve”" in windows-1252: é, en dash, curly quotes, ï are single bytes, not UTF-8. */
const CAFE_1252 = [0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x93, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x94];
const dir = mkdtempSync(join(tmpdir(), 'encoding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const latin = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const page = (head: string) => new Uint8Array([...latin(`<html><head>${head}</head><body><h1>`), ...CAFE_1252, ...latin('</h1><p>'), ...CAFE_1252, ...latin('</p></body></html>')]);

describe('HTML encoding, as a browser determines it', () => {
  it('reads a windows-1252 page without a charset as windows-1252 (the bytes are not UTF-8)', async () => {
    const doc = await readDocumentBytes('legacy.html', page('<title>x</title>'));
    expect(doc.text).toContain('Café – “naïve”');
    expect(doc.reader).toMatchObject({ encoding: 'windows-1252', encodingSource: 'fallback' });
  });

  it('follows <meta charset> and http-equiv Content-Type', async () => {
    for (const meta of ['<meta charset="windows-1252">', '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">']) {
      const doc = await readDocumentBytes('declared.html', page(meta));
      expect(doc.text).toContain('# Café – “naïve”');
      expect(doc.reader).toMatchObject({ encoding: 'windows-1252', encodingSource: 'meta' });
    }
    // A meta naming another encoding is followed: 0xEF is "ď" in ISO-8859-2, "ï" in windows-1252.
    expect(decodeHtml('p.html', page('<meta charset="iso-8859-2">')).text).toContain('naďve');
  });

  it('a BOM wins over a meta', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<meta charset="windows-1252"><p>Café</p>')]);
    expect(decodeHtml('bom.html', utf8)).toMatchObject({ encoding: 'utf-8', source: 'bom', text: '<meta charset="windows-1252"><p>Café</p>' });
  });

  it('valid UTF-8 without a declaration is UTF-8; unknown meta labels are skipped as browsers skip them', () => {
    expect(decodeHtml('u.html', new TextEncoder().encode('<p>Café</p>'))).toMatchObject({ encoding: 'utf-8', source: 'utf-8' });
    expect(metaCharset(new Uint8Array(latin('<meta charset="no-such-thing"><meta charset="koi8-r">')))).toBe('koi8-r');
    expect(metaCharset(new Uint8Array(latin('<!-- <meta charset="koi8-r"> --><meta charset="utf-16le">')))).toBe('utf-8');
  });
});

describe('text files and --encoding', () => {
  it('refuses invalid UTF-8 with the byte offset unless an encoding is named', async () => {
    const bytes = new Uint8Array(CAFE_1252);
    // The refusal names the option that reads it, as the one for UTF-16 without a byte order mark does.
    await expect(readDocumentBytes('old.txt', bytes)).rejects.toThrow(
      'old.txt is not valid UTF-8: invalid byte 0xe9 at byte offset 3; name its encoding, e.g. --encoding windows-1252 (Encoding in the app)',
    );
    const doc = await readDocumentBytes('old.txt', bytes, undefined, { encoding: 'windows-1252' });
    expect(doc.text).toBe('Café – “naïve”');
    expect(doc.reader).toMatchObject({ reader: 'txt', encoding: 'windows-1252', encodingSource: 'option' });
    expect((await readDocumentBytes('old.txt', new Uint8Array([0xc1, 0xe5, 0xeb]), undefined, { encoding: 'windows-1251' })).text).toBe('Бел');
  });

  it('refuses an unknown encoding name, and bytes the named encoding does not define', async () => {
    const err = await readDocumentBytes('a.txt', new Uint8Array([0x61]), undefined, { encoding: 'klingon' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentReadError);
    expect((err as Error).message).toBe("a.txt: unknown encoding 'klingon' (give a WHATWG label such as utf-8, windows-1252, iso-8859-2, koi8-r or shift_jis)");
    await expect(readDocumentBytes('a.txt', new Uint8Array([0x61, 0xff]), undefined, { encoding: 'utf-8' })).rejects.toThrow('a.txt is not valid utf-8');
  });
});

/** `text` as UTF-16 code units in either byte order, with the BOM first unless `bom` is false. */
function utf16(text: string, order: 'le' | 'be', bom = true): Uint8Array {
  const units = [...(bom ? [0xfeff] : []), ...Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))];
  return new Uint8Array(units.flatMap((u) => (order === 'le' ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff])));
}

describe('UTF-16 (Windows "Unicode" files)', () => {
  const notes = '# Notes\r\n\r\nCafé – “naïve” 😀 Бел\r\n\r\n## Second\r\n\r\nMore text.\r\n';

  it('reads .txt and .md with a BOM in either byte order, the BOM stripped, as its UTF-8 twin reads', async () => {
    const twin = await readDocumentBytes('notes.md', new TextEncoder().encode(notes));
    for (const order of ['le', 'be'] as const) {
      const md = await readDocumentBytes('notes.md', utf16(notes, order));
      expect(md.text).toBe(notes);
      expect(md.info).toEqual(twin.info);
      expect(md.reader).toEqual({ reader: 'md', output: 'markdown', encoding: `utf-16${order}`, encodingSource: 'bom', warnings: [] });
      const txt = await readDocumentBytes('notes.txt', utf16('plain words', order));
      expect(txt.text).toBe('plain words');
      expect(txt.reader).toMatchObject({ reader: 'txt', encoding: `utf-16${order}`, encodingSource: 'bom' });
    }
  });

  it('reads HTML with a BOM as Markdown, and a <meta charset> does not override the BOM', async () => {
    const html = '<html><head><meta charset="windows-1252"><title>x</title></head><body><h1>Café – “naïve”</h1><p>Бел, 😀.</p></body></html>';
    for (const order of ['le', 'be'] as const) {
      const doc = await readDocumentBytes('page.html', utf16(html, order));
      expect(doc.text).toContain('# Café – “naïve”');
      expect(doc.text).toContain('Бел, 😀.');
      expect(doc.reader).toMatchObject({ reader: 'html', output: 'markdown', encoding: `utf-16${order}`, encodingSource: 'bom', warnings: [] });
    }
    // A BOM also wins over the encoding the person named, as it does in a browser.
    expect((await readDocumentBytes('page.html', utf16(html, 'le'), undefined, { encoding: 'windows-1252' })).reader).toMatchObject({ encoding: 'utf-16le', encodingSource: 'bom' });
  });

  it('refuses UTF-16 without a BOM naming --encoding utf-16le|utf-16be, and reads it when one is named', async () => {
    const path = join(dir, 'nobom.txt');
    writeFileSync(path, utf16('Hello, wide world.', 'le', false));
    // From a path (sniffed from the first bytes) and from bytes (a dropped file) alike.
    const message = 'looks like UTF-16 text (probably utf-16le) without a byte order mark: name its encoding, --encoding utf-16le or --encoding utf-16be (Encoding in the app)';
    await expect(readDocument(path)).rejects.toThrow(`${path} ${message}`);
    await expect(readDocumentBytes('nobom.html', utf16('<p>Hello, wide world.</p>', 'le', false))).rejects.toThrow(`nobom.html ${message}`);
    await expect(readDocumentBytes('be.md', utf16('Hello, wide world.', 'be', false))).rejects.toThrow('probably utf-16be');
    const doc = await readDocument(path, undefined, { encoding: 'utf-16le' });
    expect(doc.text).toBe('Hello, wide world.');
    expect(doc.reader).toMatchObject({ encoding: 'utf-16le', encodingSource: 'option', warnings: [] });
    const html = await readDocumentBytes('nobom.html', utf16('<h1>Title</h1><p>Body.</p>', 'be', false), undefined, { encoding: 'UTF-16BE' });
    expect(html.text).toContain('# Title');
    expect(html.reader).toMatchObject({ encoding: 'utf-16be', encodingSource: 'option' });
  });

  it('decodes an odd byte length and unpaired surrogates with U+FFFD and says so, never refusing', async () => {
    const odd = new Uint8Array([...utf16('ab', 'le'), 0x63]);
    const doc = await readDocumentBytes('odd.txt', odd);
    expect(doc.text).toBe('ab\ufffd');
    expect(doc.reader.warnings).toEqual(['the odd last byte of the utf-16le file decoded as U+FFFD']);
    const lone = utf16('a\ud800b\udc00c', 'be');
    const broken = await readDocumentBytes('lone.md', lone);
    expect(broken.text).toBe('a\ufffdb\ufffdc');
    expect(broken.reader.warnings).toEqual(['2 unpaired UTF-16 surrogates decoded as U+FFFD']);
    const html = await readDocumentBytes('lone.html', utf16('<p>a\ud83d b</p>', 'le'));
    expect(html.text).toContain('a\ufffd b');
    expect(html.reader.warnings).toEqual(['1 unpaired UTF-16 surrogate decoded as U+FFFD']);
  });

  it('still refuses a binary file behind a UTF-16 BOM, and a NUL-laden binary without one', async () => {
    await expect(readDocumentBytes('x.txt', utf16('ab\0cd', 'le'))).rejects.toThrow('x.txt looks like a binary file: it contains a NUL character (U+0000) at character 2 of its utf-16le text');
    await expect(readDocumentBytes('y.txt', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2]))).rejects.toThrow('y.txt looks like a binary file: it contains a NUL byte at byte 4');
  });
});
