/**
 * CSV, one segment per record after a header record, for spreadsheets. Every record repeats the
 * document name, sha256 and strategy so that rows stay traceable when sorted or filtered; a
 * reader needs the columns start, end and text, the others are optional. Empty topic/summary
 * cells mean "none"; reviewed is `true` or empty; confidence a number in [0, 1] or empty; continues the kind of block a
 * size limit cut the segment out of (list, table, code, math) or empty, as the JSON's field. The
 * `offsets` column names the unit of start and end (shared/formats/offsets.ts), the same on every
 * record; a file without it is read as UTF-16 code units. Segments a person excluded are not
 * written (their index leaves a gap).
 */
import type { ChunkExtras } from '../chunks/extras';
import { CONTINUED_BLOCKS, type ContinuedBlock, type SegmentationResult } from '../document/types';
import { assembleResult, baseName, type ReadResult, type SegmentRow } from './assemble';
import { segmentsToWrite } from './check-result';
import { decodeCsv, encodeCsv } from './csv-codec';
import { FormatError } from './errors';
import { offsetsFieldSchema } from './offsets';
import { DEFAULT_OFFSET_UNIT, OFFSET_UNITS, type OffsetUnit } from '../text/offset-units';

const COLUMNS = ['document', 'sha256', 'strategy', 'index', 'offsets', 'start', 'end', 'head', 'topic', 'summary', 'reviewed', 'confidence', 'continues', 'text'] as const;
const REQUIRED = ['start', 'end', 'text'] as const;

/** Columns added after `text` when an export asks for retrieval extras; headings joined with ' > '. */
const EXTRA_COLUMNS = ['context_before', 'headings', 'content', 'tokens'] as const;

export function writeCsv(result: SegmentationResult, text: string, extras: readonly ChunkExtras[] = [], offsets: OffsetUnit = DEFAULT_OFFSET_UNIT): string {
  const { name, sha256 } = result.document;
  const withExtras = extras.length > 0;
  const records = segmentsToWrite(result, text, extras, { offsets }).map((s) => [
    name,
    sha256,
    result.strategy,
    String(s.index),
    offsets,
    String(s.start),
    String(s.end),
    s.head,
    s.topic ?? '',
    s.summary ?? '',
    s.reviewed ? 'true' : '',
    s.confidence === undefined ? '' : String(s.confidence),
    s.continues ?? '',
    s.text,
    ...(withExtras ? [s.context_before ?? '', s.headings?.join(' > ') ?? '', s.content ?? s.text, s.tokens === undefined ? '' : String(s.tokens)] : []),
  ]);
  return encodeCsv([[...COLUMNS, ...(withExtras ? EXTRA_COLUMNS : [])], ...records]);
}

function parseOffset(source: string, record: number, column: string, value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) {
    throw new FormatError(`${source}: record ${record}: ${column} must be a non-negative integer (got '${value ?? ''}')`);
  }
  return Number(value);
}

/** An empty or missing cell: none; otherwise a number in [0, 1]. */
function parseConfidence(source: string, record: number, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const confidence = Number(value);
  if (!(confidence >= 0 && confidence <= 1)) throw new FormatError(`${source}: record ${record}: confidence must be a number from 0 to 1 or empty (got '${value}')`);
  return confidence;
}

/** An empty or missing cell: none; otherwise the kind of block the segment continues. */
function parseContinues(source: string, record: number, value: string | undefined): ContinuedBlock | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(CONTINUED_BLOCKS as readonly string[]).includes(value)) throw new FormatError(`${source}: record ${record}: continues must be ${CONTINUED_BLOCKS.join(', ')} or empty (got '${value}')`);
  return value as ContinuedBlock;
}

export function readCsv(source: string, content: string): ReadResult {
  const [header, ...records] = decodeCsv(source, content).filter((r) => !(r.length === 1 && r[0] === ''));
  if (!header) throw new FormatError(`${source}: empty CSV, expected a header record`);
  const column = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  for (const name of REQUIRED) {
    if (!column.has(name)) throw new FormatError(`${source}: no '${name}' column in the header`);
  }
  const cell = (record: string[], name: string) => {
    const i = column.get(name);
    return i === undefined ? undefined : record[i];
  };
  const rows: SegmentRow[] = records.map((record, i) => {
    if (record.length !== header.length) {
      throw new FormatError(`${source}: record ${i + 1} has ${record.length} fields, the header has ${header.length}`);
    }
    const reviewed = cell(record, 'reviewed') ?? '';
    if (reviewed !== '' && reviewed !== 'true' && reviewed !== 'false') {
      throw new FormatError(`${source}: record ${i + 1}: reviewed must be true, false or empty (got '${reviewed}')`);
    }
    return {
      start: parseOffset(source, i + 1, 'start', cell(record, 'start')),
      end: parseOffset(source, i + 1, 'end', cell(record, 'end')),
      text: cell(record, 'text') ?? '',
      topic: cell(record, 'topic'),
      summary: cell(record, 'summary'),
      reviewed: reviewed === 'true',
      confidence: parseConfidence(source, i + 1, cell(record, 'confidence')),
      continues: parseContinues(source, i + 1, cell(record, 'continues')),
    };
  });
  const first = records[0];
  const unit = (first && cell(first, 'offsets')) || undefined;
  const offsets = offsetsFieldSchema.safeParse(unit);
  if (!offsets.success) throw new FormatError(`${source}: record 1: offsets must be ${OFFSET_UNITS.join(', ')} or empty (got '${unit}')`);
  for (const [i, record] of records.entries()) {
    if ((cell(record, 'offsets') || undefined) !== unit) throw new FormatError(`${source}: record ${i + 1} counts its offsets in another unit than record 1`);
  }
  const name = (first && cell(first, 'document')) || baseName(source);
  const sha256 = first ? cell(first, 'sha256') || undefined : undefined;
  for (const [i, record] of records.entries()) {
    if ((cell(record, 'document') || baseName(source)) !== name || (cell(record, 'sha256') || undefined) !== sha256) {
      throw new FormatError(`${source}: record ${i + 1} belongs to another document than record 1`);
    }
  }
  return assembleResult(source, rows, {
    document: { name, sha256 },
    strategy: (first && cell(first, 'strategy')) || 'unknown',
    offsets: offsets.data,
  });
}
