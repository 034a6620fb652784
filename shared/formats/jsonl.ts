/**
 * JSONL for RAG ingestion: one segment per line, each line self-contained (document name and
 * sha256, offsets, text, head and notes), so a line can be indexed alone and traced back.
 * Carries the document, strategy and segmentation; warnings and meta are not part of it.
 * An empty document is an empty file. Each line's `offsets` names the unit of its start, end and
 * chars (shared/formats/offsets.ts); lines without it are read as UTF-16 code units.
 */
import { z } from 'zod';
import type { ChunkExtras } from '../chunks/extras';
import type { SegmentationResult } from '../document/types';
import { assembleResult, baseName, checkRowIndex, type ReadResult } from './assemble';
import { segmentsToWrite } from './check-result';
import { FormatError } from './errors';
import { segmentFields } from './json';
import { documentInUnit, offsetsFieldSchema } from './offsets';
import { parseJsonText, validate } from './parse-json';
import { DEFAULT_OFFSET_UNIT, type OffsetUnit } from '../text/offset-units';

const lineSchema = z.object({
  document: z.string(),
  sha256: z.string(),
  chars: z.number().int().nonnegative(),
  strategy: z.string(),
  offsets: offsetsFieldSchema,
  ...segmentFields,
});

export function writeJsonl(result: SegmentationResult, text: string, extras?: readonly ChunkExtras[], offsets: OffsetUnit = DEFAULT_OFFSET_UNIT): string {
  const { name, sha256, chars } = documentInUnit(result.document, text, offsets);
  return segmentsToWrite(result, text, extras, { offsets })
    .map((segment) => JSON.stringify({ document: name, sha256, chars, strategy: result.strategy, offsets, ...segment }) + '\n')
    .join('');
}

export function readJsonl(source: string, content: string): ReadResult {
  const rows: z.infer<typeof lineSchema>[] = [];
  content.split('\n').forEach((rawLine, lineIndex) => {
    // A raw CR never occurs inside JSON text, so one at the end is a CRLF line ending.
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '') return;
    const where = `${source} line ${lineIndex + 1}`;
    rows.push(validate(where, lineSchema, parseJsonText(where, line)));
  });
  const first = rows[0];
  if (!first) return assembleResult(source, [], { document: { name: baseName(source) }, strategy: 'unknown' });
  rows.forEach((row, i) => {
    checkRowIndex(`${source}: line ${i + 1}`, row.index, i, row.start, rows[i - 1]?.end ?? 0);
    if (row.document !== first.document || row.sha256 !== first.sha256 || row.strategy !== first.strategy) {
      throw new FormatError(`${source}: line ${i + 1} belongs to another document or strategy than line 1`);
    }
    if (row.offsets !== first.offsets) throw new FormatError(`${source}: line ${i + 1} counts its offsets in ${row.offsets}, line 1 in ${first.offsets}`);
  });
  return assembleResult(source, rows, {
    document: { name: first.document, chars: first.chars, sha256: first.sha256 },
    strategy: first.strategy,
    offsets: first.offsets,
  });
}
