/**
 * One reader per source format, each giving the text and its reader report: text and Markdown
 * files decoded (encoding.ts), HTML and DOCX written as Markdown, PDF rebuilt from its layout.
 * `plain` asks every reader for plain paragraphs instead of Markdown.
 */
import type { Budgets } from '../../shared/budgets/budgets';
import type { ReaderReport, ReadOptions } from '../../shared/document/reader-report';
import type { SourceFormat } from '../../shared/document/source-formats';
import { decodeHtml, decodePlainText } from './encoding';
import { predecodeEntities, restoreStandIns } from './html-entities';

export interface Reading {
  text: string;
  report: ReaderReport;
}

export async function readFormat(name: string, format: SourceFormat, bytes: Uint8Array, budgets: Budgets, options: ReadOptions): Promise<Reading> {
  const plain = options.plain === true;
  const output = plain ? 'plain' : 'markdown';
  switch (format) {
    case 'txt':
    case 'md': {
      const decoded = decodePlainText(name, bytes, options.encoding);
      const report: ReaderReport = { reader: format, output: format === 'md' ? 'markdown' : 'plain', encoding: decoded.encoding, encodingSource: decoded.source, warnings: decoded.warnings };
      return { text: decoded.text, report };
    }
    case 'html': {
      const decoded = decodeHtml(name, bytes, options.encoding);
      // Entities decoded first, in one linear pass (html-entities.ts); the stand-ins it leaves for & and < are put back in the text read.
      const read = (await import('./html-reader')).readHtml(name, predecodeEntities(decoded.text), budgets, plain);
      const report: ReaderReport = { reader: 'html', output, encoding: decoded.encoding, encodingSource: decoded.source, headings: read.headings, warnings: [...decoded.warnings, ...read.warnings] };
      return { text: restoreStandIns(read.text), report };
    }
    case 'docx': {
      const read = await (await import('./docx-reader')).readDocx(name, bytes, budgets, plain);
      return { text: read.text, report: { reader: 'docx', output, headings: read.headings, warnings: read.warnings } };
    }
    case 'pdf': {
      // In a worker thread of its own, under the time and memory budgets (pdf-budget.ts).
      const { text, ...counts } = await (await import('./pdf-budget')).readPdfWithinBudgets(name, bytes, budgets, plain);
      return { text, report: { reader: 'pdf', output, ...counts, warnings: [] } };
    }
  }
}
