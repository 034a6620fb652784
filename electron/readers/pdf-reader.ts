/**
 * PDF as Markdown (or plain text): pdf.ts gets the positioned text, shared/pdf-layout rebuilds the
 * document. A PDF without a text layer (a scan: pages of images) gave an empty document and no word
 * why; it is refused saying so, and pages without text among pages with text are counted in a warning.
 */
import type { Budgets } from '../../shared/budgets/budgets';
import { layoutPdf, type PdfLayoutResult } from '../../shared/pdf-layout/pdf-layout';
import type { PdfPageItems } from '../../shared/pdf-layout/types';
import { DocumentReadError } from './errors';
import { pdfPageItems } from './pdf';

export interface PdfReading extends PdfLayoutResult {
  warnings: string[];
}

const hasText = (page: PdfPageItems) => page.items.some((item) => item.str.trim() !== '');

export async function readPdf(name: string, bytes: Uint8Array, budgets: Budgets, plain: boolean): Promise<PdfReading> {
  const pages = await pdfPageItems(name, bytes, budgets);
  const without = pages.filter((page) => !hasText(page)).length;
  if (pages.length > 0 && without === pages.length) {
    const held = pages.length === 1 ? 'its one page holds' : `its ${pages.length} pages hold`;
    throw new DocumentReadError(`${name} has no text layer: ${held} no text (a scanned document? give it a text layer with OCR first, e.g. ocrmypdf)`);
  }
  const have = without === 1 ? 'has' : 'have';
  const warnings = without > 0 ? [`${without} of ${pages.length} pages ${have} no text layer (scanned pages or images): nothing read from them`] : [];
  return { ...layoutPdf(pages, plain), warnings };
}
