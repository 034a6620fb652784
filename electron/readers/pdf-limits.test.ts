/**
 * PDFs of issue 36: one stream that inflates to hundreds of megabytes (read, at an 838 MB peak, for
 * 400 MB) is refused at the expanded-characters budget before pdf.js holds it; a PDF without a text
 * layer (a scan) is refused saying so instead of giving an empty document, and pages without text
 * among pages with text are counted in the reader report.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BudgetError, resolveBudgets } from '../../shared/budgets/budgets';
import { flateBombPdf } from '../../test/support/hostile-files';
import { makeRawPdf } from '../../test/support/make-raw-pdf';
import { refusal } from '../../test/support/refusal';
import { DocumentReadError, readDocumentBytes } from './index';

const textPage = (text: string) => ({ content: deflateSync(Buffer.from(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET`)), filter: '/FlateDecode' });
/** A page that draws nothing but a rectangle, as a scan draws nothing but its image. */
const blankPage = { content: Buffer.from('0 0 612 792 re S') };

describe('PDF streams inflated before pdf.js reads them', () => {
  it('one stream inflating past the expanded-characters budget is refused, naming it and --max-expanded-chars', { timeout: 120_000 }, async () => {
    const pdf = flateBombPdf(12);
    expect(pdf.length).toBeLessThan(20_000);
    const err = await refusal(readDocumentBytes('bomb.pdf', pdf, resolveBudgets({ expandedChars: 10_000_000 })));
    expect(err).toBeInstanceOf(BudgetError);
    expect(err.message).toMatch(
      /^bomb\.pdf: the stream at byte \d+ inflates to more than 10000000 characters \(counted while inflating\), over the expanded-characters limit of 10000000 characters \(raise it with --max-expanded-chars N\)$/,
    );
  });

  it('Flate content streams within the budget are read', { timeout: 120_000 }, async () => {
    const doc = await readDocumentBytes('flate.pdf', makeRawPdf([textPage('Hello from a compressed page.')]));
    expect(doc.text).toBe('Hello from a compressed page.\n');
  });
});

describe('a PDF without a text layer', () => {
  it('is refused naming the file and saying it has no text layer', { timeout: 120_000 }, async () => {
    const err = await refusal(readDocumentBytes('scan.pdf', makeRawPdf([blankPage, blankPage])));
    expect(err).toBeInstanceOf(DocumentReadError);
    expect(err.message).toBe('scan.pdf has no text layer: its 2 pages hold no text (a scanned document? give it a text layer with OCR first, e.g. ocrmypdf)');
  });

  it('pages without text among pages with text are counted in the reader report', { timeout: 120_000 }, async () => {
    const doc = await readDocumentBytes('mixed.pdf', makeRawPdf([textPage('Typed page.'), blankPage]));
    expect(doc.text).toBe('Typed page.\n');
    expect(doc.reader.warnings).toEqual(['1 of 2 pages has no text layer (scanned pages or images): nothing read from them']);
  });
});
