/** A document the service has opened, as the contract and the workspace methods hand it out. */
import type { PdfSourceMap } from '../pdf-layout/source-map';
import type { ReaderReport } from './reader-report';
import type { DocumentInfo } from './types';

export interface OpenedDocument {
  id: string;
  info: DocumentInfo;
  text: string;
  /** The reader that produced the text: txt, md, html, pdf or docx. */
  sourceFormat: string;
  /** What that reader did (absent for documents that did not come from a file, e.g. a workspace's copy). */
  reader?: ReaderReport;
  /**
   * PDF read from a file in this session: where each line of the text stood on its page (the page
   * view). Absent for other formats and for a workspace's stored copy of the text.
   */
  sourceMap?: PdfSourceMap;
}

/** A document without its text: what lists and events carry. */
export interface DocumentSummary {
  id: string;
  info: DocumentInfo;
  sourceFormat: string;
}
