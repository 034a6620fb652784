/**
 * Loading for the CLI commands: a document to segment, or a
 * segmentation file to evaluate or convert. Both go through the same strict file checks, so
 * "missing", "a directory", "binary" and "not UTF-8" read the same everywhere.
 */
import { FormatError, readSegmentationFile, type ReadResult } from '../../../shared/formats';
import { decodeTextFile, DocumentReadError, readDocument, readFileBytes, type ReadDocumentResult } from '../../readers';
import { UnknownStrategyError } from '../run-strategy';
import { OutputPathError } from './write-atomic';
import { LearnedModelError } from '../../../shared/learn/model';

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

/** Errors caused by the input, not by a bug: callers show their message alone, as one line. */
export function isInputError(err: unknown): err is Error {
  return (
    err instanceof DocumentReadError ||
    err instanceof FormatError ||
    err instanceof UnknownStrategyError ||
    err instanceof OutputPathError ||
    err instanceof LearnedModelError
  );
}
