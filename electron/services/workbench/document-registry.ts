import { randomUUID } from 'node:crypto';
import type { ReaderReport } from '../../../shared/document/reader-report';
import type { DocumentInfo } from '../../../shared/document/types';
import type { PdfSourceMap } from '../../../shared/pdf-layout/source-map';
import type { DocumentSummary, OpenedDocument } from '../../../shared/ipc/contract';
import { wireErrorCodes } from '../../../shared/ipc/wire';
import { WorkbenchError } from '../../../shared/ipc/workbench-error';

export interface StoredDocument {
  id: string;
  info: DocumentInfo;
  text: string;
  sourceFormat: string;
  reader?: ReaderReport;
  sourceMap?: PdfSourceMap;
  /** The PDF file the text was read from, as it was then (sourcePdf sends it while it is unchanged). */
  sourceFile?: SourceFile;
  /**
   * The bytes of a PDF uploaded by the page (at most SOURCE_PDF_MAX_BYTES), kept while it is open
   * so that adding it to the workspace keeps its page view, as a PDF read by path does.
   */
  uploadedPdf?: Uint8Array;
}

export interface SourceFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * Open documents, by id. The text stays here so calls refer to it by id and it crosses the wire
 * only when someone asks for it (open, getDocument).
 */
export class DocumentRegistry {
  private readonly documents = new Map<string, StoredDocument>();
  /** Ids of the documents opened by `open`, by contentKey. */
  private readonly byContent = new Map<string, string>();

  add(doc: Omit<StoredDocument, 'id'>): StoredDocument {
    const stored = { ...doc, id: randomUUID() };
    this.documents.set(stored.id, stored);
    return stored;
  }

  /**
   * Like add, but the same content under the same name (and format) opened again is the document
   * already open, not a second copy: a page that opens the sample on every load, or a file opened
   * twice, would otherwise pile up copies of the text in memory for the service's lifetime.
   */
  open(doc: Omit<StoredDocument, 'id'>): StoredDocument {
    const key = contentKey(doc);
    const id = this.byContent.get(key);
    const existing = id === undefined ? undefined : this.documents.get(id);
    if (existing) {
      // The same PDF uploaded first and opened by path later: its file now backs the page view.
      if (doc.sourceFile && !existing.sourceFile) existing.sourceFile = doc.sourceFile;
      if (doc.uploadedPdf && !existing.uploadedPdf) existing.uploadedPdf = doc.uploadedPdf;
      return existing;
    }
    const stored = this.add(doc);
    this.byContent.set(key, stored.id);
    return stored;
  }

  get(id: string): StoredDocument {
    const doc = this.documents.get(id);
    if (!doc) throw new WorkbenchError(wireErrorCodes.notFound, `no open document with id '${id.slice(0, 128)}'`);
    return doc;
  }

  remove(id: string): boolean {
    const doc = this.documents.get(id);
    if (doc && this.byContent.get(contentKey(doc)) === id) this.byContent.delete(contentKey(doc));
    return this.documents.delete(id);
  }

  list(): DocumentSummary[] {
    return [...this.documents.values()].map(summarize);
  }
}

function contentKey(doc: Omit<StoredDocument, 'id'>): string {
  // The same file read as Markdown and as plain text are two documents.
  return JSON.stringify([doc.info.name, doc.info.sha256, doc.sourceFormat, doc.reader?.output ?? null]);
}

export function summarize(doc: StoredDocument): DocumentSummary {
  return { id: doc.id, info: doc.info, sourceFormat: doc.sourceFormat };
}

export function toOpenedDocument(doc: StoredDocument): OpenedDocument {
  return {
    id: doc.id,
    info: doc.info,
    text: doc.text,
    sourceFormat: doc.sourceFormat,
    ...(doc.reader ? { reader: doc.reader } : {}),
    ...(doc.sourceMap ? { sourceMap: doc.sourceMap } : {}),
  };
}
