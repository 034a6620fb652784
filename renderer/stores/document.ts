/**
 * The open document: its id on the service side, its info and its text. The text never changes
 * once opened; opening another document replaces it.
 */
import { create } from 'zustand';
import type { DocumentInfo } from '../../shared/document/types';
import type { OpenedDocument } from '../../shared/ipc/contract';

export interface DocumentState {
  id: string | null;
  info: DocumentInfo | null;
  text: string;
  /** The reader that produced the text (txt, md, html, pdf, docx). */
  sourceFormat: string | null;
  setDocument(doc: OpenedDocument): void;
}

export const useDocumentStore = create<DocumentState>()((set) => ({
  id: null,
  info: null,
  text: '',
  sourceFormat: null,
  setDocument: (doc) => set({ id: doc.id, info: doc.info, text: doc.text, sourceFormat: doc.sourceFormat }),
}));
