/**
 * What a file's first bytes say about it, checked before the whole file is read: a text format
 * must not look binary, a PDF must carry its %PDF- header, a .docx must be a ZIP archive.
 */
import { binaryReason } from './decode-text';
import { DocumentReadError } from './errors';
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

/** Throws DocumentReadError when `head` (the file's first bytes) cannot be a file of `format` (its declared signature). */
export function sniff(name: string, format: SourceFormat, head: Uint8Array): void {
  switch (SOURCE_FORMATS[format].signature) {
    case 'text': {
      const binary = binaryReason(head);
      if (binary) throw new DocumentReadError(`${name} looks like a binary file: ${binary}`);
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
