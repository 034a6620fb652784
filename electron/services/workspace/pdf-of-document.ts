/**
 * The PDF a document added by copy keeps beside its text (storage/pdf-copy.ts), taken from a file
 * the host reads by path: a session document opened by path (while the file is still what was
 * read, as sourcePdf checks), or a file imported from a folder. Never more than
 * SOURCE_PDF_MAX_BYTES (the page view shows no larger PDF); a file that cannot be had gives none,
 * and the document is added without it (its text is all the workspace needs).
 */
import { readFile, stat } from 'node:fs/promises';
import { SOURCE_PDF_MAX_BYTES, type PdfSourceMap } from '../../../shared/pdf-layout/source-map';
import type { PdfCopy } from './storage/pdf-copy';

/** The file's size and time as they are now (the checks sourcePdf makes), or null when it is not a readable file. */
async function fileNow(file: string): Promise<{ size: number; mtimeMs: number } | null> {
  const stats = await stat(file).catch(() => null);
  return stats?.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : null;
}

/** The bytes of `file` with the map of the text read from it, or null (gone, too large, not as `expected`, changed while read). */
export async function pdfCopyFromFile(file: string, map: PdfSourceMap, expected?: { size: number; mtimeMs: number }): Promise<PdfCopy | null> {
  const before = await fileNow(file);
  if (!before || before.size > SOURCE_PDF_MAX_BYTES) return null;
  if (expected && (before.size !== expected.size || before.mtimeMs !== expected.mtimeMs)) return null;
  const bytes = await readFile(file).catch(() => null);
  if (!bytes || bytes.byteLength !== before.size) return null;
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), map };
}
