/**
 * The PDF beside a copied document's text, for the page view (renderer/features/page-view): a
 * document added by copy from a PDF the host read by path keeps that PDF as `source.pdf` and its
 * source map (where each line of source.txt lies on the pages) as `source-map.json`, the map
 * tagged with the sha256 of the text it maps. Both are optional: a document without them (an
 * older workspace, an uploaded PDF, a text format) opens as before, without a page view, so no
 * migration is needed. A referenced PDF keeps nothing here: its map comes from reading the file
 * again, which opening it does anyway (workspace-files.ts, readText).
 *
 * Nothing here is damage: a missing, foreign, linked or mismatched file only means no page view.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { pdfSourceMapSchema, type PdfSourceMap } from '../../../../shared/pdf-layout/source-map';
import { writeFileAtomic } from './atomic-file';
import { readJsonFile, writeJsonFile } from './json-files';

export const PDF_COPY = 'source.pdf';
export const PDF_COPY_MAP = 'source-map.json';

const pdfCopyMapSchema = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), map: pdfSourceMapSchema }).strict();

/** A PDF and the map of the text read from it. */
export interface PdfCopy {
  bytes: Uint8Array;
  map: PdfSourceMap;
}

/** What the page view needs of a document's PDF: the file to send and the map of the text shown. */
export interface DocumentPdf {
  file: string;
  map: PdfSourceMap;
}

/** Writes the PDF and its map into a document folder being added (before it is renamed into place). */
export async function writePdfCopy(folder: string, copy: PdfCopy, textSha256: string): Promise<void> {
  await writeFileAtomic(path.join(folder, PDF_COPY), copy.bytes);
  await writeJsonFile(path.join(folder, PDF_COPY_MAP), pdfCopyMapSchema, { sha256: textSha256, map: copy.map });
}

/**
 * The copied PDF of a document folder and its map, where both are there and the map is of the
 * text now shown (its sha256, and no line past its end); the PDF must be a plain file (never a link: a workspace never
 * writes one). Null otherwise.
 */
export async function readPdfCopy(folder: string, text: { sha256: string; chars: number }): Promise<DocumentPdf | null> {
  const file = path.join(folder, PDF_COPY);
  const stats = await fs.lstat(file).catch(() => null);
  if (!stats?.isFile()) return null;
  const stored = await readJsonFile(path.join(folder, PDF_COPY_MAP), pdfCopyMapSchema).catch(() => null);
  if (!stored || stored.sha256 !== text.sha256 || !stored.map.lines.every((line) => line[6] <= text.chars)) return null;
  return { file, map: stored.map };
}
