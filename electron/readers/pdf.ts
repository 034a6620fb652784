/**
 * PDF text through pdfjs-dist (Mozilla's PDF.js, the viewer in Firefox), legacy build because it
 * runs in plain Node without DOM polyfills. Text comes page by page; lines are rebuilt from the
 * text items' end-of-line flags and baselines, and a vertical gap clearly larger than the line
 * spacing starts a new paragraph (a blank line). Pages are separated by a blank line too.
 */
import { checkBudget, type Budgets } from '../../shared/budgets/budgets';
import { DocumentReadError } from './errors';

interface PdfTextItem {
  str: string;
  transform: number[];
  height: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  /** Baseline y (PDF space: grows upwards). */
  y: number;
  height: number;
}

/** A gap between baselines above this multiple of the usual line step starts a paragraph. */
const PARAGRAPH_GAP = 1.5;

function linesOf(items: readonly PdfTextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    // A new baseline also ends a line when the producer did not flag it.
    if (current && Math.abs(y - current.y) > Math.max(1, current.height * 0.5)) {
      lines.push(current);
      current = null;
    }
    if (!current) current = { text: '', y, height: item.height };
    current.text += item.str;
    current.height = Math.max(current.height, item.height);
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current) lines.push(current);
  return lines.filter((line) => line.text.trim() !== '');
}

/** The lower median: with few lines, the paragraph gaps must not become the "usual" step. */
function lowerMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1] ?? 0;
}

/** Paragraphs of one page: lines joined with spaces, split where the line step jumps. */
export function pageParagraphs(items: readonly PdfTextItem[]): string[] {
  const lines = linesOf(items);
  const steps = lines.slice(1).map((line, i) => lines[i]!.y - line.y).filter((step) => step > 0);
  const usual = lowerMedian(steps) || lowerMedian(lines.map((l) => l.height)) || 12;
  const paragraphs: string[] = [];
  let paragraph: string[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    const step = previous ? previous.y - line.y : 0;
    // A jump up (new column) or a gap well beyond the usual step ends the paragraph.
    if (previous && (step < 0 || step > usual * PARAGRAPH_GAP)) {
      paragraphs.push(paragraph.join(' '));
      paragraph = [];
    }
    paragraph.push(line.text.replace(/\s+/g, ' ').trim());
  });
  if (paragraph.length) paragraphs.push(paragraph.join(' '));
  return paragraphs.filter((p) => p !== '');
}

export async function pdfToText(name: string, bytes: Uint8Array, budgets: Budgets): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of (detaches) the buffer it gets: hand it a copy.
  const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  let pdf;
  try {
    pdf = await task.promise;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if ((err as { name?: string })?.name === 'PasswordException') throw new DocumentReadError(`${name} is password-protected`);
    throw new DocumentReadError(`${name} is not a readable PDF: ${reason}`);
  }
  try {
    checkBudget('pdfPages', budgets, name, pdf.numPages);
    const pages: string[] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is PdfTextItem & (typeof content.items)[number] => 'str' in item);
      const paragraphs = pageParagraphs(items);
      page.cleanup();
      if (paragraphs.length === 0) continue;
      const pageText = paragraphs.join('\n\n');
      pages.push(pageText);
      // Stop at the page that breaks the budget rather than reading the rest first.
      chars += pageText.length + 2;
      checkBudget('expandedChars', budgets, name, chars, `${chars} characters of text by page ${n}`);
    }
    return pages.length ? pages.join('\n\n') + '\n' : '';
  } finally {
    await pdf.destroy();
  }
}
