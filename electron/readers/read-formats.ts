/**
 * One reader per source format, each giving the text and its reader report: text and Markdown
 * files decoded here (encoding.ts, one linear pass); HTML and DOCX written as Markdown and PDF
 * rebuilt from its layout in a worker thread under the time and memory budgets (budgeted-read.ts,
 * parse-formats.ts). `plain` asks every reader for plain paragraphs instead of Markdown.
 */
import type { Budgets } from '../../shared/budgets/budgets';
import type { ReaderReport, ReadOptions } from '../../shared/document/reader-report';
import type { SourceFormat } from '../../shared/document/source-formats';
import { decodePlainText } from './encoding';
import { isParsedFormat, type Reading } from './parse-formats';

export type { Reading } from './parse-formats';

export async function readFormat(name: string, format: SourceFormat, bytes: Uint8Array, budgets: Budgets, options: ReadOptions): Promise<Reading> {
  if (isParsedFormat(format)) return (await import('./budgeted-read')).readWithinBudgets(format, name, bytes, budgets, options);
  const decoded = decodePlainText(name, bytes, options.encoding);
  const report: ReaderReport = { reader: format, output: format === 'md' ? 'markdown' : 'plain', encoding: decoded.encoding, encodingSource: decoded.source, warnings: decoded.warnings };
  return { text: decoded.text, report };
}
