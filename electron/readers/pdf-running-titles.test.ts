import { describe, expect, it } from 'vitest';
import { makePdf, type PdfLine } from '../../test/cli/support/make-pdf';
import { readDocumentBytes } from './index';

/**
 * A texinfo-like manual through the real PDF reader: even pages head "N Reference Manual", odd
 * pages "Chapter N: <title> <page>", which changes with the chapter. A function's description
 * runs over a page break, under the running title of chapter 2.
 */
const chapters = ['Chapter 1: Introduction', 'Chapter 1: Introduction', ...Array<string>(4).fill('Chapter 2: Function reference'), ...Array<string>(4).fill('Appendix A: Copying Information')];
const bodies = [
  ['The library reads and writes DER encoded structures.'],
  ['It has no dependencies beyond the C library.'],
  ['asn1_create_element creates a structure of a given type.'],
  ['Returns: ASN1_SUCCESS when the structure was created.'],
  ['asn1_read_value reads the value of one element of a structure,', 'writing it into the buffer the caller passes'],
  ['Returns: ASN1_SUCCESS when the value was read.'],
  ['Permission is granted to copy this document.'],
  ['Under the terms of the license.'],
  ['Copies may be made of the whole of it.'],
  ['The end of the license.'],
];

describe('PDF running titles that change with the chapter', () => {
  it('removes "Chapter N: <title> <page>" and "N Manual" headers, keeps a description whole across pages', async () => {
    const pages: PdfLine[][] = chapters.map((chapter, p) => [
      { text: p % 2 ? `${chapter} ${p + 1}` : `${p + 1} Reference Manual`, y: 750, size: 9, x: p % 2 ? 300 : 72 },
      ...bodies[p]!.map((text, i) => ({ text, y: 700 - 14 * i })),
    ]);
    const doc = await readDocumentBytes('manual.pdf', makePdf(pages));
    expect(doc.text).not.toMatch(/Chapter \d|Appendix A|Reference Manual/);
    expect(doc.text).toContain('asn1_read_value reads the value of one element of a structure, writing it into the buffer the caller passes');
    expect(doc.text).toContain('Permission is granted to copy this document.');
  });
});
