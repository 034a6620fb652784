import path from 'node:path';
import { Buffer } from 'node:buffer';
import { wireErrorCodes } from '../../../../shared/ipc/wire';
import type { ReadDocumentResult } from '../deps';
import { summarize, toOpenedDocument, type SourceFile, type StoredDocument } from '../document-registry';
import { WorkbenchError } from '../../../../shared/ipc/workbench-error';
import { sourceFileOf } from './source-pdf';
import { SOURCE_PDF_MAX_BYTES } from '../../../../shared/pdf-layout/source-map';
import type { HandlerScope, Handlers } from './types';

export const SAMPLE_FILE = 'segment-workbench-tour.md';

/** Opening, listing and closing documents. Every reader result is registered the same way. */
export function documentHandlers(
  scope: HandlerScope,
): Handlers<'openDocument' | 'openPath' | 'openPicked' | 'openSample' | 'listDocuments' | 'getDocument' | 'closeDocument'> {
  const { deps, documents, runs, events, settings, paths, picks } = scope;

  /**
   * `file`: the PDF read by path, kept (path, size, time) so the page view can have its bytes;
   * `uploaded`: the bytes the page sent, kept for a PDF so the workspace can store them.
   */
  function register(read: ReadDocumentResult, file?: SourceFile | null, uploaded?: Uint8Array): StoredDocument {
    // The same name and content again is the document already open (see DocumentRegistry.open);
    // the event still tells every window that this call opened it.
    const doc = documents.open({
      info: read.info,
      text: read.text,
      sourceFormat: read.sourceFormat,
      ...(read.reader ? { reader: read.reader } : {}),
      ...(read.sourceMap ? { sourceMap: read.sourceMap } : {}),
      ...(file ? { sourceFile: file } : {}),
      ...(uploaded && read.sourceMap && uploaded.byteLength <= SOURCE_PDF_MAX_BYTES ? { uploadedPdf: uploaded } : {}),
    });
    events.emit({ type: 'document-opened', document: summarize(doc) });
    return doc;
  }

  return {
    openDocument: async ({ name, dataBase64, read }) => {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(dataBase64)) {
        throw new WorkbenchError(wireErrorCodes.invalidParams, `the content of ${name} is not valid base64`);
      }
      const bytes = new Uint8Array(Buffer.from(dataBase64, 'base64'));
      return toOpenedDocument(register(await deps.readDocumentBytes(path.basename(name), bytes, read), null, bytes));
    },
    // A client's path must lie in an allowed folder; the web UI uploads bytes (openDocument) instead.
    openPath: async ({ path: filePath, read }, context) => {
      const resolved = await paths.resolve(filePath, 'the file', context);
      const doc = await deps.readDocument(resolved, read);
      return toOpenedDocument(register(doc, doc.sourceMap ? await sourceFileOf(resolved) : null));
    },
    // The host picked the path (File › Open Document's native dialog): the client names the pick
    // and how to read it, never the path. A failed read keeps the pick, to read it another way.
    openPicked: async ({ pickId, read }) => {
      const picked = picks.path(pickId, 'document');
      const doc = await deps.readDocument(picked, read);
      const opened = toOpenedDocument(register(doc, doc.sourceMap ? await sourceFileOf(picked) : null));
      picks.release(pickId);
      return opened;
    },
    openSample: async () =>
      toOpenedDocument(register(await deps.readDocument(path.join(settings.resourcesDir, 'sample', SAMPLE_FILE)))),
    listDocuments: async () => documents.list(),
    getDocument: async ({ documentId }) => toOpenedDocument(documents.get(documentId)),
    closeDocument: async ({ documentId }) => {
      runs.forgetDocument(documentId);
      const closed = documents.remove(documentId);
      if (closed) events.emit({ type: 'document-closed', documentId });
      return { closed };
    },
  };
}
