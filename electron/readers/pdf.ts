/**
 * PDF text through pdfjs-dist (Mozilla's PDF.js, the viewer in Firefox), legacy build because it
 * runs in plain Node without DOM polyfills. This file only gets the positioned text out, page by
 * page, within the page and character budgets; lines, columns, running headers, headings and
 * paragraphs are rebuilt by the pure rules of shared/pdf-layout (pdf-reader.ts puts them together).
 */
import { checkBudget, type Budgets } from '../../shared/budgets/budgets';
import type { PdfItem, PdfPageItems } from '../../shared/pdf-layout/types';
import { DocumentReadError } from './errors';
import { checkPdfStreams } from './pdf-streams';
import { errorMessage } from '../../shared/text/error-message';

type PdfDocument = Awaited<ReturnType<(typeof import('pdfjs-dist/legacy/build/pdf.mjs'))['getDocument']>['promise']>;

/** Opens a PDF (one-line errors for a broken or locked file), runs `use` on it, always frees it. */
async function withPdf<T>(name: string, bytes: Uint8Array, budgets: Budgets, use: (pdf: PdfDocument) => Promise<T>): Promise<T> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // Before pdf.js holds a stream in memory: none may inflate past the expanded-characters budget.
  await checkPdfStreams(name, bytes, budgets);
  // pdf.js takes ownership of (detaches) the buffer it gets: hand it a copy.
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (err) {
    const reason = errorMessage(err);
    if ((err as { name?: string })?.name === 'PasswordException') throw new DocumentReadError(`${name} is password-protected`);
    throw new DocumentReadError(`${name} is not a readable PDF: ${reason}`);
  }
  try {
    checkBudget('pdfPages', budgets, name, pdf.numPages);
    return await use(pdf);
  } finally {
    await pdf.destroy();
  }
}

/** A bold face by its PostScript name ("ABCDEF+LiberationSerif-Bold"). */
const BOLD_FONT = /bold|black|heavy|semibold|demi/i;

/**
 * Every page's positioned text items, for the layout rules of shared/pdf-layout. Font names come
 * from the page's fonts, which pdf.js loads with the operator list (the text content names only a
 * generic family).
 */
export async function pdfPageItems(name: string, bytes: Uint8Array, budgets: Budgets): Promise<PdfPageItems[]> {
  return withPdf(name, bytes, budgets, async (pdf) => {
    const pages: PdfPageItems[] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      await page.getOperatorList();
      const bold = new Map<string, boolean>();
      const items: PdfItem[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        if (!bold.has(item.fontName)) {
          let fontName = '';
          try {
            fontName = String((page.commonObjs.get(item.fontName) as { name?: string } | null)?.name ?? '');
          } catch {
            // A font pdf.js did not load: not bold.
          }
          bold.set(item.fontName, BOLD_FONT.test(fontName));
        }
        chars += item.str.length;
        items.push({ str: item.str, x: item.transform[4] ?? 0, y: item.transform[5] ?? 0, width: item.width, height: item.height, bold: bold.get(item.fontName)! });
      }
      const [x0 = 0, y0 = 0, x1 = 612, y1 = 792] = page.view;
      // Items relative to the page's lower left corner, so the margin bands are where they look.
      pages.push({ width: x1 - x0, height: y1 - y0, items: items.map((item) => ({ ...item, x: item.x - x0, y: item.y - y0 })) });
      page.cleanup();
      // Stop at the page that breaks the budget rather than reading the rest first.
      checkBudget('expandedChars', budgets, name, chars, `${chars} characters of text by page ${n}`);
    }
    return pages;
  });
}
