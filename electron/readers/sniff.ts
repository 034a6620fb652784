/**
 * What a file's first bytes say about it, checked before the whole file is read: a text format
 * must not look binary, a PDF must carry its %PDF- header, a .docx must be a ZIP archive.
 */
import { DocumentReadError } from './errors';
import { bomEncoding, isUtf16Label, refuseBinary } from './encoding';
import { SOURCE_FORMATS, type SourceFormat } from '../../shared/document/source-formats';

/** As much as the binary test samples. */
export const SNIFF_BYTES = 64 * 1024;

/** PDF readers accept the header anywhere in the first kilobyte (PDF 32000-1, annex H). */
const PDF_HEADER_WINDOW = 1024;
const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4

function startsWithAt(bytes: Uint8Array, at: number, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

/**
 * Throws DocumentReadError when `head` (the file's first bytes) cannot be a file of `format` (its
 * declared signature). Text in UTF-16, by its BOM or the `encoding` the person named, has NUL bytes
 * and is let through; UTF-16 without either is refused naming --encoding.
 */
export function sniff(name: string, format: SourceFormat, head: Uint8Array, encoding?: string): void {
  switch (SOURCE_FORMATS[format].signature) {
    case 'text': {
      const bom = bomEncoding(head);
      if (bom === 'utf-16le' || bom === 'utf-16be' || (encoding !== undefined && bom === null && isUtf16Label(encoding))) return;
      refuseBinary(name, head);
      return;
    }
    case 'pdf': {
      for (let at = 0; at + PDF_HEADER.length <= Math.min(head.length, PDF_HEADER_WINDOW); at++) {
        if (startsWithAt(head, at, PDF_HEADER)) return;
      }
      throw new DocumentReadError(`${name} is not a readable PDF: it has no %PDF- header`);
    }
    case 'zip':
      if (!startsWithAt(head, 0, ZIP_LOCAL_HEADER)) throw new DocumentReadError(`${name} is not a readable .docx file: it is not a ZIP archive`);
  }
}
