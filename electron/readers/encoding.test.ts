import { describe, expect, it } from 'vitest';
import { DocumentReadError, readDocumentBytes } from './index';
import { decodeHtml, metaCharset } from './encoding';

/** "Café – “naïve”" in windows-1252: é, en dash, curly quotes, ï are single bytes, not UTF-8. */
const CAFE_1252 = [0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x93, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x94];
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

  it('a BOM wins over a meta; UTF-16 (NUL bytes) stays refused as binary, as before', async () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<meta charset="windows-1252"><p>Café</p>')]);
    expect(decodeHtml('bom.html', utf8)).toMatchObject({ encoding: 'utf-8', source: 'bom', text: '<meta charset="windows-1252"><p>Café</p>' });
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('<p>Café</p>').flatMap((c) => [c.charCodeAt(0), 0])]);
    await expect(readDocumentBytes('wide.html', utf16)).rejects.toThrow('wide.html looks like a binary file: it contains a NUL byte at byte 3');
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
    await expect(readDocumentBytes('old.txt', bytes)).rejects.toThrow('old.txt is not valid UTF-8: invalid byte 0xe9 at byte offset 3');
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
