/** PDF as Markdown (or plain text): pdf.ts gets the positioned text, shared/pdf-layout rebuilds the document. */
import type { Budgets } from '../../shared/budgets/budgets';
import { layoutPdf, type PdfLayoutResult } from '../../shared/pdf-layout/pdf-layout';
import { pdfPageItems } from './pdf';

export async function readPdf(name: string, bytes: Uint8Array, budgets: Budgets, plain: boolean): Promise<PdfLayoutResult> {
  return layoutPdf(await pdfPageItems(name, bytes, budgets), plain);
}
