/**
 * Every import/export format, behind two dispatchers:
 *   writeResult(format, result, text)        -> file content
 *   readSegmentationFile(fileName, content)  -> { text, result }, or a FormatError
 */
import type { ChunkExtras } from '../chunks/extras';
import type { SegmentationResult } from '../document/types';
import type { ExportFormat } from '../ipc/contract';
import type { ReadResult } from './assemble';
import { readCsv, writeCsv } from './csv';
import { FormatError } from './errors';
import { readJsonObject, writeJson } from './json';
import { readJsonl, writeJsonl } from './jsonl';
import { readMarkdown, writeMarkdown } from './markdown';
import { parseJsonText } from './parse-json';
import { readTrainingObject, writeTraining } from './training';
import { looksLikeWiki727k, readWiki727k, writeWiki727k } from './wiki727k';

export { FormatError } from './errors';
export { assembleResult, cleanNote, type ReadResult, type SegmentRow } from './assemble';
export { readJson, readJsonObject, toJsonObject, writeJson, JSON_FORMAT_VERSION } from './json';
export { readJsonl, writeJsonl } from './jsonl';
export { readMarkdown, writeMarkdown } from './markdown';
export { readCsv, writeCsv } from './csv';
export { decodeCsv, encodeCsv } from './csv-codec';
export { readTraining, readTrainingObject, sentencesOf, toTrainingExample, writeTraining, writeTrainingLine, type TrainingExample } from './training';
export { looksLikeWiki727k, readWiki727k, writeWiki727k } from './wiki727k';

export type { ExportFormat };

export interface FormatInfo {
  /** Extension for a file in this format, without the dot. */
  extension: string;
  mimeType: string;
  /** `extras`: retrieval extras per segment (shared/chunks); formats without a place for them ignore them. */
  write: (result: SegmentationResult, text: string, extras?: readonly ChunkExtras[]) => string;
  read: (source: string, content: string) => ReadResult;
}

export const FORMATS: Readonly<Record<ExportFormat, FormatInfo>> = {
  json: { extension: 'json', mimeType: 'application/json', write: writeJson, read: readJsonAny },
  jsonl: { extension: 'jsonl', mimeType: 'application/x-ndjson', write: writeJsonl, read: readJsonl },
  markdown: { extension: 'md', mimeType: 'text/markdown', write: writeMarkdown, read: readMarkdown },
  csv: { extension: 'csv', mimeType: 'text/csv', write: writeCsv, read: readCsv },
  training: { extension: 'json', mimeType: 'application/json', write: writeTraining, read: readJsonAny },
  wiki727k: { extension: 'txt', mimeType: 'text/plain', write: writeWiki727k, read: readWiki727k },
};

export const FORMAT_NAMES = Object.keys(FORMATS) as ExportFormat[];

export function writeResult(format: ExportFormat, result: SegmentationResult, text: string, extras?: readonly ChunkExtras[]): string {
  return FORMATS[format].write(result, text, extras);
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

/** Picks the reader by extension; other names (the dataset's files have none) must be WIKI-727K. */
export function readSegmentationFile(fileName: string, content: string): ReadResult {
  const extension = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
  switch (extension) {
    case 'json':
      return readJsonAny(fileName, content);
    case 'jsonl':
    case 'ndjson':
      return readJsonl(fileName, content);
    case 'md':
    case 'markdown':
      return readMarkdown(fileName, content);
    case 'csv':
      return readCsv(fileName, content);
    default:
      if (looksLikeWiki727k(content)) return readWiki727k(fileName, content);
      throw new FormatError(
        `${fileName}: not a segmentation file (expected .json, .jsonl, .md or .csv, or WIKI-727K text with ========,LEVEL,TITLE. lines)`,
      );
  }
}
