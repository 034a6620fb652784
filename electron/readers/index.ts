/**
 * Reading documents: bytes in, the text every strategy works on out. One entry point for a path
 * (readDocument) and one for bytes that arrived another way (readDocumentBytes, e.g. a file
 * dropped on the window). Failures are DocumentReadError with a one-line message; a file over
 * a budget (shared/budgets) is a BudgetError naming the limit and its flag. A file is sniffed from
 * its first bytes before it is read whole, so a large binary is refused at once.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { checkBudget, DEFAULT_BUDGETS, type Budgets } from '../../shared/budgets/budgets';
import { describeDocument } from '../../shared/document/document-info';
import type { DocumentInfo } from '../../shared/document/types';
import { SOURCE_FORMAT_BY_EXTENSION, SUPPORTED_EXTENSIONS, type SourceFormat } from '../../shared/document/source-formats';
import type { ReaderReport, ReadOptions } from '../../shared/document/reader-report';
import type { PdfSourceMap } from '../../shared/pdf-layout/source-map';
import { DocumentReadError } from './errors';
import { readFormat } from './read-formats';
import { SNIFF_BYTES, sniff } from './sniff';
import { errorMessage } from '../../shared/text/error-message';

export { DocumentReadError } from './errors';
export { decodeTextFile } from './decode-text';
export type { ReaderReport, ReadOptions } from '../../shared/document/reader-report';

export type { SourceFormat } from '../../shared/document/source-formats';
export { SUPPORTED_EXTENSIONS } from '../../shared/document/source-formats';

export interface ReadDocumentResult {
  name: string;
  text: string;
  sourceFormat: SourceFormat;
  info: DocumentInfo;
  /** Which reader ran, with which settings, and what it removed. */
  reader: ReaderReport;
  /** PDF: each line's page and box, and its range in the text. */
  sourceMap?: PdfSourceMap;
}

/** The reader for a file name, or a DocumentReadError naming what is supported. */
export function sourceFormatOf(name: string): SourceFormat {
  const extension = extname(name).toLowerCase();
  const format = SOURCE_FORMAT_BY_EXTENSION[extension];
  if (!format) {
    const what = extension ? `unsupported file type '${extension}'` : 'a file without an extension';
    throw new DocumentReadError(`${name}: ${what} (supported: ${SUPPORTED_EXTENSIONS.join(', ')})`);
  }
  return format;
}

/** `name` may be a path: errors quote it as given, the document is named after the file alone. */
export async function readDocumentBytes(
  name: string,
  bytes: Uint8Array,
  budgets: Budgets = DEFAULT_BUDGETS,
  options: ReadOptions = {},
): Promise<ReadDocumentResult> {
  const fileName = basename(name);
  const sourceFormat = sourceFormatOf(name);
  sniff(name, sourceFormat, bytes.subarray(0, SNIFF_BYTES), options.encoding);
  checkBudget('inputBytes', budgets, name, bytes.length);
  const { text, report, sourceMap } = await readFormat(name, sourceFormat, bytes, budgets, options);
  checkBudget('expandedChars', budgets, name, text.length, `${text.length} characters of text`);
  return { name: fileName, text, sourceFormat, info: describeDocument(fileName, text), reader: report, ...(sourceMap ? { sourceMap } : {}) };
}

/** Refuses a missing file, a folder or a device with a one-line message; the size of a regular file. */
async function regularFileSize(path: string): Promise<number> {
  let stats;
  try {
    stats = await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new DocumentReadError(`no such file: ${path}`);
    if (code === 'EACCES' || code === 'EPERM') throw new DocumentReadError(`permission denied: ${path}`);
    throw new DocumentReadError(`cannot read ${path}: ${errorMessage(err)}`);
  }
  if (stats.isDirectory()) throw new DocumentReadError(`${path} is a directory, not a file`);
  if (!stats.isFile()) throw new DocumentReadError(`${path} is not a regular file`);
  return stats.size;
}

/** The first `length` bytes of a file (fewer when it is shorter). */
async function readHead(path: string, length: number): Promise<Uint8Array> {
  try {
    const handle = await open(path, 'r');
    try {
      const head = new Uint8Array(length);
      const { bytesRead } = await handle.read(head, 0, length, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new DocumentReadError(`cannot read ${path}: ${errorMessage(err)}`);
  }
}

/** The bytes of a file already known to be a regular one. */
async function readCheckedFile(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (err) {
    throw new DocumentReadError(`cannot read ${path}: ${errorMessage(err)}`);
  }
}

/** Reads the raw bytes of a file (within the input-size budget), turning the file system's errors into one-line messages. */
export async function readFileBytes(path: string, budgets: Budgets = DEFAULT_BUDGETS): Promise<Uint8Array> {
  checkBudget('inputBytes', budgets, path, await regularFileSize(path));
  return readCheckedFile(path);
}

export async function readDocument(path: string, budgets: Budgets = DEFAULT_BUDGETS, options: ReadOptions = {}): Promise<ReadDocumentResult> {
  const size = await regularFileSize(path);
  // Extension, then content sniffed from the first bytes, then size: no point loading a 2 GB video to refuse it.
  const format = sourceFormatOf(path);
  sniff(path, format, await readHead(path, SNIFF_BYTES), options.encoding);
  checkBudget('inputBytes', budgets, path, size);
  return readDocumentBytes(path, await readCheckedFile(path), budgets, options);
}
