/**
 * The bytes of the PDF an open document was read from, for the page view: the file the person
 * uploaded (kept by reference when it opened, so nothing is copied), else the host's `sourcePdf`
 * (a file opened by path, sent while it is unchanged). One document's file at a time.
 */
import { SOURCE_PDF_MAX_BYTES } from '../../shared/pdf-layout/source-map';
import { workbench } from './workbench';

let uploaded: { documentId: string; file: Blob } | null = null;

export function keepUploadedPdf(documentId: string, file: Blob): void {
  uploaded = { documentId, file };
}

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The PDF's bytes; throws with a one-line reason when they cannot be had. */
export async function sourcePdfBytes(documentId: string): Promise<Uint8Array> {
  if (uploaded?.documentId === documentId) {
    const { file } = uploaded;
    if (file.size > SOURCE_PDF_MAX_BYTES) throw new Error(`the PDF is ${Math.round(file.size / 1048576)} MB; the page view shows PDFs up to ${SOURCE_PDF_MAX_BYTES / 1048576} MB`);
    return new Uint8Array(await file.arrayBuffer());
  }
  return fromBase64((await workbench().sourcePdf({ documentId })).dataBase64);
}
