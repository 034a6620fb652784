/**
 * DOCX as Markdown: mammoth turns Word's heading styles into <h1>-<h6>, its numbered and bulleted
 * paragraphs into lists and its tables into tables; html-markdown.ts writes that HTML like any
 * page. Plain reading, and a converter that fails (with a warning), give mammoth's raw text.
 */
import mammoth from 'mammoth';
import type { Budgets } from '../../shared/budgets/budgets';
import { countHeadings } from '../../shared/document/markdown-headings';
import { checkArchive, docxToText, mammothFailure } from './docx';
import { parsePage } from './html';
import { elementToMarkdown } from './html-markdown';
import { firstLine } from '../../shared/text/first-line';

export interface DocxReading {
  text: string;
  headings: number;
  warnings: string[];
}

export async function readDocx(name: string, bytes: Uint8Array, budgets: Budgets, plain: boolean): Promise<DocxReading> {
  if (plain) return { text: await docxToText(name, bytes, budgets), headings: 0, warnings: [] };
  checkArchive(name, bytes, budgets);
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })).value;
  } catch (err) {
    throw mammothFailure(name, err, budgets);
  }
  try {
    const text = elementToMarkdown(parsePage(html).body);
    return { text, headings: countHeadings(text), warnings: [] };
  } catch (err) {
    const reason = firstLine(err).slice(0, 200);
    const text = await docxToText(name, bytes, budgets);
    return { text, headings: 0, warnings: [`the Markdown converter failed (${reason}): read as plain paragraphs`] };
  }
}
