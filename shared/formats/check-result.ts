import { assertValidSegmentation, CoverageError, toSegments } from '../document/segmentation';
import type { ChunkExtras } from '../chunks/extras';
import type { Segment, SegmentationResult } from '../document/types';
import { cleanNote } from './assemble';
import { FormatError } from './errors';
import { fromUtf16, type OffsetUnit } from '../text/offset-units';

/** A segment as written: its own fields, then the retrieval extras the export asked for. */
export type SegmentToWrite = Segment & ChunkExtras;

/**
 * Which segments a writer gets: the retrieval exports (JSON, JSONL, Markdown, CSV) leave out the
 * ones a person marked excluded; the training exports keep them (still right boundaries).
 */
export type ExcludedSegments = 'leave-out' | 'keep';

/**
 * What every writer starts from: the segments of `result` over `text`, after checking that they
 * cover this text exactly. Notes are cleaned (empty topic/summary dropped); each segment gets its
 * entry of `extras` (see shared/chunks), when there are any; `start` and `end` count `offsets`
 * (shared/text/offset-units.ts). Whether the result was made for this
 * very text (its sha256) is settled where a result meets its text — a run, a workspace file, an
 * export request — not hashed again for every file written.
 */
export function segmentsToWrite(
  result: SegmentationResult,
  text: string,
  extras: readonly ChunkExtras[] = [],
  { offsets = 'utf16', excluded = 'leave-out' }: { offsets?: OffsetUnit; excluded?: ExcludedSegments } = {},
): SegmentToWrite[] {
  if (result.document.chars !== text.length) {
    throw new FormatError(
      `the segmentation was made for a different text (${result.document.chars} characters, sha256 ${result.document.sha256.slice(0, 12)}…)`,
    );
  }
  try {
    assertValidSegmentation(text, result.segmentation);
  } catch (err) {
    if (err instanceof CoverageError) throw new FormatError(`invalid segmentation: ${err.message}`);
    throw err;
  }
  const segments = toSegments(text, result.segmentation);
  // start and end in the unit the file names (one pass over the text for all of them).
  const at = fromUtf16(text, [0, ...result.segmentation.boundaries, text.length], offsets);
  const written = excluded === 'keep' ? segments : segments.filter((s) => s.excluded !== true);
  // A segment keeps its index in the document: the rows of a file with exclusions have gaps.
  return written.map(({ topic, summary, reviewed, continues, excluded: _excluded, confidence, ...rest }) => ({
    ...rest,
    start: at[rest.index] as number,
    end: at[rest.index + 1] as number,
    ...cleanNote({ topic, summary, reviewed, continues, confidence }),
    ...extras[rest.index],
  }));
}
