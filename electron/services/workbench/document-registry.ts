import { randomUUID } from 'node:crypto';
import type { DocumentInfo } from '../../../shared/document/types';
import type { DocumentSummary, OpenedDocument } from '../../../shared/ipc/contract';
import { wireErrorCodes } from '../../../shared/ipc/wire';
import { WorkbenchError } from './errors';

export interface StoredDocument {
  id: string;
  info: DocumentInfo;
  text: string;
  sourceFormat: string;
}

/**
 * Open documents, by id. The text stays here so calls refer to it by id and it crosses the wire
 * only when someone asks for it (open, getDocument).
 */
export class DocumentRegistry {
  private readonly documents = new Map<string, StoredDocument>();

  add(doc: Omit<StoredDocument, 'id'>): StoredDocument {
    const stored = { ...doc, id: randomUUID() };
    this.documents.set(stored.id, stored);
    return stored;
  }

  get(id: string): StoredDocument {
    const doc = this.documents.get(id);
    if (!doc) throw new WorkbenchError(wireErrorCodes.notFound, `no open document with id '${id.slice(0, 128)}'`);
    return doc;
  }

  remove(id: string): boolean {
    return this.documents.delete(id);
  }

  list(): DocumentSummary[] {
    return [...this.documents.values()].map(summarize);
  }
}

export function summarize(doc: StoredDocument): DocumentSummary {
  return { id: doc.id, info: doc.info, sourceFormat: doc.sourceFormat };
}

export function toOpenedDocument(doc: StoredDocument): OpenedDocument {
  return { id: doc.id, info: doc.info, text: doc.text, sourceFormat: doc.sourceFormat };
}
