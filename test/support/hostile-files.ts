/**
 * Small generators of the hostile files of issue 23, item 7, shared by the reader tests and
 * bench/hostile-inputs.ts: a ZIP whose headers lie about sizes, a zlib stream that inflates to
 * megabytes per kilobyte, and a PDF page of text operators drawn on many pages; and those of
 * issue 36: a .docx of 33 MB of styles, a .docx of thousands of nested tables.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { makeDocx } from '../cli/support/make-docx';
import { makeRawPdf } from './make-raw-pdf';

/** Rewrites every declared uncompressed size of a ZIP (local headers and directory) to `size`. */
export function lyingSizes(archive: Uint8Array, size: number): Uint8Array {
  const bytes = Buffer.from(archive);
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x04034b50) bytes.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) bytes.writeUInt32LE(size, at + 24);
  }
  return new Uint8Array(bytes);
}

/** A zlib stream of `megabytes` MB of spaces, about 1 KB a megabyte: one deflated MB repeated (each block stands alone). */
export function flateBomb(megabytes: number): Uint8Array {
  const megabyte = deflateRawSync(Buffer.alloc(1 << 20, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array.from({ length: megabytes }, () => megabyte), end, Buffer.alloc(4)]);
}

/** A PDF whose one page is a Flate bomb of `megabytes` MB. */
export function flateBombPdf(megabytes: number): Uint8Array {
  return makeRawPdf([{ content: flateBomb(megabytes), filter: '/FlateDecode' }]);
}

/** One page of `operators` text operators, drawn on `pages` pages: a small file of much parsing. */
export function textOperatorsPdf(operators = 20_000, pages = 2_000): Uint8Array {
  return makeRawPdf([{ content: Buffer.from(`BT /F1 12 Tf ${'1 0 Td (a) Tj '.repeat(operators)}ET`) }], { copies: pages });
}

/** A PDF whose page tree lists itself as its own kid. */
export function circularPdf(): Uint8Array {
  return makeRawPdf([{ content: Buffer.from('BT /F1 12 Tf (x) Tj ET') }], { kids: '[2 0 R]' });
}

/** A .docx of one paragraph whose styles.xml holds `count` styles (about 120 bytes each): 300,000 make 33 MB that deflate to about 2 MB. */
export function stylesBombDocx(count: number): Uint8Array {
  const style = (n: number) => `<w:style w:type="paragraph" w:styleId="S${n}"><w:name w:val="style ${n}"/><w:basedOn w:val="Normal"/></w:style>`;
  return makeDocx(['The one paragraph.'], { deflate: true, styles: Array.from({ length: count }, (_, n) => style(n)).join('') });
}

/** A .docx whose body is `depth` tables, each nested in the one cell of the one before, the innermost holding a paragraph. */
export function nestedTablesDocx(depth: number): Uint8Array {
  const open = '<w:tbl><w:tr><w:tc>';
  const close = '</w:tc></w:tr></w:tbl>';
  return makeDocx([], { deflate: true, body: `${open.repeat(depth)}<w:p><w:r><w:t>Deep inside.</w:t></w:r></w:p>${close.repeat(depth)}` });
}
