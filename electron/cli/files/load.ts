/**
 * Loading for the CLI commands: a document to segment, or a
 * segmentation file to evaluate or convert. Both go through the same strict file checks, so
 * "missing", "a directory", "binary" and "not UTF-8" read the same everywhere.
 */
import { DEFAULT_BUDGETS, type Budgets } from '../../../shared/budgets/budgets';
import { readSegmentationFile, type ReadResult } from '../../../shared/formats';
import { decodeTextFile, readDocument, readDocumentBytes, readFileBytes, type ReadDocumentResult, type ReadOptions } from '../../readers';

export type LoadedSegmentation = ReadResult & { path: string };

/** Input that did not come from a file (standard input): its bytes and the name that picks its reader. */
export interface InputBytes {
  name: string;
  bytes: Uint8Array;
}

/** A document to segment: .txt, .md, .html, .pdf or .docx, from a file or from given bytes. */
export function loadDocument(source: string | InputBytes, budgets: Budgets = DEFAULT_BUDGETS, options: ReadOptions = {}): Promise<ReadDocumentResult> {
  return typeof source === 'string' ? readDocument(source, budgets, options) : readDocumentBytes(source.name, source.bytes, budgets, options);
}

/** A segmentation file in any readable format (JSON, JSONL, Markdown, CSV, training, WIKI-727K). */
export async function loadSegmentationFile(source: string | InputBytes, budgets: Budgets = DEFAULT_BUDGETS): Promise<LoadedSegmentation> {
  const path = typeof source === 'string' ? source : source.name;
  const bytes = typeof source === 'string' ? await readFileBytes(source, budgets) : source.bytes;
  const content = decodeTextFile(path, bytes);
  // Errors quote the path as given; a format without a document name gets the file's name.
  return { path, ...readSegmentationFile(path, content) };
}
