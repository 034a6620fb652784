/**
 * The PDF's own bytes, for the page view (renderer/features/page-view): sent only for a document
 * this session read by path (openPath, which checked the path against the allowed folders, or the
 * desktop's File › Open pick), only while that file is what was read (same size and time), and
 * only up to SOURCE_PDF_MAX_BYTES. A document uploaded as bytes has its file in the page already.
 */
import { readFile, stat } from 'node:fs/promises';
import { Buffer } from 'node:buffer';
import { SOURCE_PDF_MAX_BYTES } from '../../../../shared/pdf-layout/source-map';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import type { SourceFile } from '../document-registry';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import type { HandlerScope, Handlers } from './types';

/** The file as it is now: what sourcePdf compares against later. Null when it cannot be read. */
export async function sourceFileOf(path: string): Promise<SourceFile | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? { path, size: stats.size, mtimeMs: stats.mtimeMs } : null;
  } catch {
    return null;
  }
}

export function sourcePdfHandlers(scope: HandlerScope): Handlers<'sourcePdf'> {
  const { documents } = scope;
  return {
    sourcePdf: async ({ documentId }) => {
      const doc = documents.get(documentId);
      const file = doc.sourceFile;
      if (!file || !doc.sourceMap) throw new WorkbenchError(wireErrorCodes.notFound, `${doc.info.name} was not opened from a PDF file in this session`);
      const now = await sourceFileOf(file.path);
      if (!now || now.size !== file.size || now.mtimeMs !== file.mtimeMs) {
        throw new WorkbenchError(wireErrorCodes.badInput, `${doc.info.name} has changed or gone since it was opened: open it again to see its pages`);
      }
      if (now.size > SOURCE_PDF_MAX_BYTES) {
        throw new WorkbenchError(wireErrorCodes.badInput, `${doc.info.name} is ${Math.round(now.size / 1048576)} MB: the page view shows PDFs up to ${SOURCE_PDF_MAX_BYTES / 1048576} MB`);
      }
      const bytes = await readFile(file.path);
      // Written to between the check and the read: not the file that was read either.
      if (bytes.byteLength !== file.size) throw new WorkbenchError(wireErrorCodes.badInput, `${doc.info.name} changed while it was being sent: try again`);
      return { dataBase64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'), bytes: bytes.byteLength };
    },
  };
}
