/**
 * Loading for the CLI commands: a document to segment, or a
 * segmentation file to evaluate or convert. Both go through the same strict file checks, so
 * "missing", "a directory", "binary" and "not UTF-8" read the same everywhere.
 */
import { readSegmentationFile, type ReadResult } from '../../../shared/formats';
import { decodeTextFile, readDocument, readFileBytes, type ReadDocumentResult } from '../../readers';

export type LoadedSegmentation = ReadResult & { path: string };

/** A document to segment: .txt, .md, .html, .pdf or .docx. */
export function loadDocument(path: string): Promise<ReadDocumentResult> {
  return readDocument(path);
}

/** A segmentation file in any readable format (JSON, JSONL, Markdown, CSV, training, WIKI-727K). */
export async function loadSegmentationFile(path: string): Promise<LoadedSegmentation> {
  const bytes = await readFileBytes(path);
  const content = decodeTextFile(path, bytes);
  // Errors quote the path as given; a format without a document name gets the file's name.
  return { path, ...readSegmentationFile(path, content) };
}
