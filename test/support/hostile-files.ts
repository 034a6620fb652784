/**
 * Small generators of the hostile files of issue 23, item 7, shared by the reader tests and
 * bench/hostile-inputs.ts: a ZIP whose headers lie about sizes, a zlib stream that inflates to
 * megabytes per kilobyte, and a PDF page of text operators drawn on many pages.
 */
import { constants, deflateRawSync } from 'node:zlib';
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
