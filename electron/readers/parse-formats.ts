/**
 * The readers that parse (HTML, DOCX, PDF), as the reader worker runs them (reader-worker.ts): a
 * parser can take seconds and a gigabyte on a hostile file in one synchronous stretch, so each runs
 * in a worker thread that budgeted-read.ts can end. Text and Markdown files are only decoded, a
 * linear pass, and stay on the calling thread (read-formats.ts).
 */
import { checkBudget, type Budgets } from '../../shared/budgets/budgets';
import type { ReaderReport, ReadOptions } from '../../shared/document/reader-report';
import type { SourceFormat } from '../../shared/document/source-formats';
import type { PdfSourceMap } from '../../shared/pdf-layout/source-map';

export interface Reading {
  text: string;
  report: ReaderReport;
  /** PDF: where each line of the text stood on its page (shared/pdf-layout/source-map.ts). */
  sourceMap?: PdfSourceMap;
}

export const PARSED_FORMATS = ['html', 'docx', 'pdf'] as const satisfies readonly SourceFormat[];
export type ParsedFormat = (typeof PARSED_FORMATS)[number];

export function isParsedFormat(format: SourceFormat): format is ParsedFormat {
  return (PARSED_FORMATS as readonly SourceFormat[]).includes(format);
}

export interface ReadJob {
  name: string;
  bytes: Uint8Array;
  budgets: Budgets;
  options: ReadOptions;
}

export type Parser = (job: ReadJob) => Promise<Reading>;

/** The format's parser, its libraries loaded (the worker loads them before its clock starts). */
export async function loadParser(format: ParsedFormat): Promise<Parser> {
  switch (format) {
    case 'html': {
      const [{ decodeHtml }, { predecodeEntities, restoreStandIns }, { readHtml }, { refuseDeepNesting }] = await Promise.all([
        import('./encoding'),
        import('./html-entities'),
        import('./html-reader'),
        import('./html-depth'),
      ]);
      return async ({ name, bytes, budgets, options }) => {
        const plain = options.plain === true;
        const decoded = decodeHtml(name, bytes, options.encoding);
        // The page's characters bound its text; a page over the budget is refused before its DOM is built.
        checkBudget('expandedChars', budgets, name, decoded.text.length, `${decoded.text.length} characters of HTML`);
        // So is a page nested past the depth budget: the parsers' work grows with the square of the depth (html-depth.ts).
        refuseDeepNesting(name, decoded.text, budgets);
        // Entities decoded first, in one linear pass (html-entities.ts); the stand-ins it leaves for & and < are put back in the text read.
        const read = readHtml(name, predecodeEntities(decoded.text), budgets, plain);
        const report: ReaderReport = {
          reader: 'html',
          output: plain ? 'plain' : 'markdown',
          encoding: decoded.encoding,
          encodingSource: decoded.source,
          headings: read.headings,
          warnings: [...decoded.warnings, ...read.warnings],
        };
        return { text: restoreStandIns(read.text), report };
      };
    }
    case 'docx': {
      const { readDocx } = await import('./docx-reader');
      return async ({ name, bytes, budgets, options }) => {
        const plain = options.plain === true;
        const read = await readDocx(name, bytes, budgets, plain);
        return { text: read.text, report: { reader: 'docx', output: plain ? 'plain' : 'markdown', headings: read.headings, warnings: read.warnings } };
      };
    }
    case 'pdf': {
      const { readPdf } = await import('./pdf-reader');
      await import('pdfjs-dist/legacy/build/pdf.mjs');
      return async ({ name, bytes, budgets, options }) => {
        const plain = options.plain === true;
        const { text, warnings, sourceMap, ...counts } = await readPdf(name, bytes, budgets, plain);
        return { text, report: { reader: 'pdf', output: plain ? 'plain' : 'markdown', ...counts, warnings }, sourceMap };
      };
    }
  }
}
