/**
 * Every import/export format, declared once in FORMATS (writer, reader, extension, label), behind
 * two dispatchers:
 *   writeResult(format, result, text)        -> file content
 *   readSegmentationFile(fileName, content)  -> { text, result }, or a FormatError
 * The contract's format names, the CLI's --format and the Export panel's list derive from FORMATS.
 */
import type { ChunkExtras } from '../chunks/extras';
import type { SegmentationResult } from '../document/types';
import { DEFAULT_OFFSET_UNIT, type OffsetUnit } from '../text/offset-units';
import type { ReadResult } from './assemble';
import { readCsv, writeCsv } from './csv';
import { FormatError } from './errors';
import { readJsonObject, writeJson } from './json';
import { readJsonl, writeJsonl } from './jsonl';
import { readMarkdown, writeMarkdown } from './markdown';
import { parseJsonText } from './parse-json';
import { readTrainingObject, writeTraining } from './training';
import { looksLikeWiki727k, readWiki727k, writeWiki727k } from './wiki727k';
import type { WriteLayout } from './write-options';

export { FormatError } from './errors';
export { assembleResult, cleanNote, type ReadResult, type SegmentRow } from './assemble';
export { readJson, readJsonObject, toJsonObject, writeJson, JSON_FORMAT_VERSION } from './json';
export { readJsonl, writeJsonl } from './jsonl';
export { readMarkdown, writeMarkdown } from './markdown';
export { readCsv, writeCsv } from './csv';
export { decodeCsv, encodeCsv } from './csv-codec';
export { readTraining, readTrainingObject, sentencesOf, toTrainingExample, writeTraining, writeTrainingLine, type TrainingExample } from './training';
export { looksLikeWiki727k, readWiki727k, writeWiki727k } from './wiki727k';
export type { WriteLayout } from './write-options';

export interface FormatInfo {
  /** What the Export panel calls it. */
  label: string;
  /** Extension for a file in this format, without the dot. */
  extension: string;
  mimeType: string;
  /**
   * `extras`: retrieval extras per segment (shared/chunks); formats without a place for them ignore
   * them. `offsets`: the unit the file's offsets count and name; formats without offsets ignore it.
   * `layout`: choices of how the file reads (write-options.ts); formats without them ignore it.
   */
  write: (result: SegmentationResult, text: string, extras?: readonly ChunkExtras[], offsets?: OffsetUnit, layout?: WriteLayout) => string;
  read: (source: string, content: string) => ReadResult;
  /** The extensions readSegmentationFile reads with `read` (none: another format's extension reads it). */
  readExtensions: readonly string[];
  /** For a file whose extension says nothing: whether the content is in this format. */
  sniff?: (content: string) => boolean;
}

/** Every format, in the Export panel's order. A new one: a writer (and reader) module, and an entry here. */
export const FORMATS = {
  json: { label: 'JSON', extension: 'json', mimeType: 'application/json', write: writeJson, read: readJsonAny, readExtensions: ['json'] },
  jsonl: { label: 'JSONL (one chunk a line)', extension: 'jsonl', mimeType: 'application/x-ndjson', write: writeJsonl, read: readJsonl, readExtensions: ['jsonl', 'ndjson'] },
  markdown: { label: 'Markdown', extension: 'md', mimeType: 'text/markdown', write: writeMarkdown, read: readMarkdown, readExtensions: ['md', 'markdown'] },
  csv: { label: 'CSV', extension: 'csv', mimeType: 'text/csv', write: writeCsv, read: readCsv, readExtensions: ['csv'] },
  // A training file is a .json whose shape (sections, no segments) readJsonAny tells apart.
  training: { label: 'Training data', extension: 'json', mimeType: 'application/json', write: writeTraining, read: readJsonAny, readExtensions: [] },
  // The dataset's own files have no extension: its marker lines say what they are.
  wiki727k: { label: 'WIKI-727K text', extension: 'txt', mimeType: 'text/plain', write: writeWiki727k, read: readWiki727k, readExtensions: [], sniff: looksLikeWiki727k },
} as const satisfies Record<string, FormatInfo>;

export type ExportFormat = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as [ExportFormat, ...ExportFormat[]];

function formatInfo(format: ExportFormat): FormatInfo {
  return FORMATS[format];
}

export function writeResult(
  format: ExportFormat,
  result: SegmentationResult,
  text: string,
  extras?: readonly ChunkExtras[],
  offsets: OffsetUnit = DEFAULT_OFFSET_UNIT,
  layout: WriteLayout = {},
): string {
  return formatInfo(format).write(result, text, extras, offsets, layout);
}

/** A `.json` file is either a full result or a training example; its shape says which. */
function readJsonAny(source: string, content: string): ReadResult {
  const value = parseJsonText(source, content);
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject && 'sections' in value && !('segments' in value)) return readTrainingObject(source, value);
  if (!isObject || !('segments' in value)) {
    throw new FormatError(
      `${source}: not a segmentation (expected a result with "segments" or a training file with "sections")`,
    );
  }
  return readJsonObject(source, value);
}

/** Picks the reader by extension (FORMATS' readExtensions); other names must be in a format that sniffs its content (WIKI-727K). */
export function readSegmentationFile(fileName: string, content: string): ReadResult {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const formats = FORMAT_NAMES.map(formatInfo);
  const byExtension = extension === undefined ? undefined : formats.find((f) => f.readExtensions.includes(extension));
  if (byExtension) return byExtension.read(fileName, content);
  const sniffed = formats.find((f) => f.sniff?.(content));
  if (sniffed) return sniffed.read(fileName, content);
  const extensions = formats.flatMap((f) => f.readExtensions.map((e) => `.${e}`));
  throw new FormatError(
    `${fileName}: not a segmentation file (expected ${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}, or WIKI-727K text with ========,LEVEL,TITLE. lines)`,
  );
}
