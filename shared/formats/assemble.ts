/**
 * The common back half of every reader: segment rows (offsets, text, notes) in, a checked
 * `{ text, result }` out. Whatever a file claims, the result covers its text exactly, or the
 * file is refused with a FormatError naming the first inconsistency.
 */
import { describeDocument } from '../document/document-info';
import { assertValidSegmentation, CoverageError, segmentationFromCuts } from '../document/segmentation';
import type { DocumentInfo, SegmentationResult, SegmentationWarning, SegmentNote } from '../document/types';
import { isConfidence } from '../edit/notes';
import { FormatError } from './errors';
import { warningsFromUnit } from './offsets';
import { OFFSET_UNIT_NOUNS, UNNAMED_OFFSET_UNIT, unitLength, type OffsetUnit } from '../text/offset-units';

export interface SegmentRow extends SegmentNote {
  start: number;
  end: number;
  text: string;
}

export interface ResultHeader {
  /** Claimed document identity; chars and sha256, when given, must match the rebuilt text. */
  document: { name: string; chars?: number; sha256?: string };
  strategy: string;
  warnings?: SegmentationWarning[];
  meta?: Record<string, unknown>;
  /** The unit the rows' offsets, `document.chars` and warnings' offsets count (default: UTF-16 code units). */
  offsets?: OffsetUnit;
}

/** Why a retrieval export with excluded segments does not read back: it no longer holds the whole text. */
export const LEFT_OUT = 'segments were left out of this export (excluded), so it does not hold the whole document; read a training export or the workspace instead';

/**
 * A row's index that is not its place: a file that left segments out (a gap in both the indices
 * and the offsets) says so; any other mismatch is named as it is.
 */
export function checkRowIndex(where: string, index: number, expected: number, start: number, previousEnd: number): void {
  if (index === expected) return;
  const leftOut = index > expected && start > previousEnd;
  throw new FormatError(`${where} has index ${index}, expected ${expected}${leftOut ? `: ${LEFT_OUT}` : ''}`);
}

export interface ReadResult {
  text: string;
  result: SegmentationResult;
}

/** Keeps only notes that say something: empty topic/summary and reviewed=false are absent; a confidence outside [0, 1] too. */
export function cleanNote(note: SegmentNote): SegmentNote {
  const clean: SegmentNote = {};
  if (typeof note.topic === 'string' && note.topic !== '') clean.topic = note.topic;
  if (typeof note.summary === 'string' && note.summary !== '') clean.summary = note.summary;
  if (note.reviewed === true) clean.reviewed = true;
  if (note.continues !== undefined) clean.continues = note.continues;
  if (isConfidence(note.confidence)) clean.confidence = note.confidence;
  return clean;
}

/**
 * Rebuilds the document from contiguous segment rows (in order) and checks every claim, in the
 * unit the file names; the result holds UTF-16 offsets, as everything inside the workbench.
 */
export function assembleResult(source: string, rows: readonly SegmentRow[], header: ResultHeader): ReadResult {
  const unit = header.offsets ?? UNNAMED_OFFSET_UNIT;
  let offset = 0;
  const boundaries: number[] = [];
  let utf16 = 0;
  rows.forEach((row, i) => {
    if (row.start !== offset) {
      throw new FormatError(`${source}: segment ${i} starts at ${row.start}, expected ${offset} (segments must be contiguous)`);
    }
    const length = unitLength(row.text, unit);
    if (row.end - row.start !== length) {
      const noun = unit === UNNAMED_OFFSET_UNIT ? 'characters' : OFFSET_UNIT_NOUNS[unit];
      throw new FormatError(`${source}: segment ${i} spans ${row.start}-${row.end} but its text has ${length} ${noun}`);
    }
    if (row.text.length === 0) throw new FormatError(`${source}: segment ${i} is empty`);
    if (i > 0) boundaries.push(utf16);
    utf16 += row.text.length;
    offset = row.end;
  });
  const text = rows.map((row) => row.text).join('');
  const segmentation = { boundaries, notes: rows.map((row) => cleanNote(row)) };
  try {
    assertValidSegmentation(text, segmentation);
  } catch (err) {
    if (err instanceof CoverageError) throw new FormatError(`${source}: ${err.message}`);
    throw err;
  }
  const document = checkedDocument(source, header.document, text, unit);
  const warnings = warningsFromUnit(header.warnings ?? [], text, unit);
  return {
    text,
    result: { document, strategy: header.strategy, segmentation, warnings, meta: header.meta ?? {} },
  };
}

function checkedDocument(source: string, claimed: ResultHeader['document'], text: string, unit: OffsetUnit): DocumentInfo {
  const actual = describeDocument(claimed.name, text);
  const chars = unitLength(text, unit);
  if (claimed.chars !== undefined && claimed.chars !== chars) {
    const noun = unit === UNNAMED_OFFSET_UNIT ? 'characters' : OFFSET_UNIT_NOUNS[unit];
    throw new FormatError(`${source}: document.chars says ${claimed.chars} but the segments hold ${chars} ${noun}`);
  }
  if (claimed.sha256 !== undefined && claimed.sha256.toLowerCase() !== actual.sha256) {
    throw new FormatError(`${source}: document.sha256 does not match the text of the segments (was the file edited?)`);
  }
  return actual;
}

/**
 * For formats that rebuild the text themselves and know where its sections start (training
 * examples, WIKI-727K): the result, named after the file, with a note for each cut.
 */
export function resultFromCuts(
  source: string,
  text: string,
  strategy: string,
  cuts: number[],
  notes: ReadonlyMap<number, SegmentNote>,
  meta: Record<string, unknown> = {},
): ReadResult {
  return {
    text,
    result: { document: describeDocument(baseName(source), text), strategy, segmentation: segmentationFromCuts(text, cuts, notes), warnings: [], meta },
  };
}

/** The file name without folders, for documents whose format does not carry a name. */
export function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() || fileName;
}
