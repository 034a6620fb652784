/**
 * The offset unit an exported file names (shared/text/offset-units.ts), as the JSON, JSONL, CSV
 * and Markdown formats write and read it: the field or column `offsets`, `codepoint` unless the
 * export asks for another; a file without it was written in UTF-16 code units.
 */
import { z } from 'zod';
import type { DocumentInfo, SegmentationWarning } from '../document/types';
import { fromUtf16, OFFSET_UNITS, toUtf16, UNNAMED_OFFSET_UNIT, unitLength, type OffsetUnit } from '../text/offset-units';

/** The `offsets` field: a named unit, or the unit of files written before units were named. */
export const offsetsFieldSchema = z.enum(OFFSET_UNITS).default(UNNAMED_OFFSET_UNIT);

/** The document as a file names it: `chars` counts the file's unit, like its offsets. */
export function documentInUnit(document: DocumentInfo, text: string, offsets: OffsetUnit): { name: string; chars: number; sha256: string } {
  return { name: document.name, chars: unitLength(text, offsets), sha256: document.sha256 };
}

/**
 * A warning's offset is a place in the text only when it is a whole number within it; any other
 * (a warning a model strategy made about a text since changed, say) is carried as it is.
 */
function converted(
  warnings: readonly SegmentationWarning[],
  length: number,
  convert: (offsets: number[]) => number[],
): SegmentationWarning[] {
  const places = warnings.flatMap((w) => (w.offset !== undefined && Number.isInteger(w.offset) && w.offset >= 0 && w.offset <= length ? [w.offset] : []));
  if (places.length === 0) return [...warnings];
  const at = convert(places);
  let k = 0;
  return warnings.map((w) => {
    if (w.offset === undefined || !Number.isInteger(w.offset) || w.offset < 0 || w.offset > length) return w;
    const offset = at[k++] as number;
    return offset >= 0 ? { ...w, offset } : w;
  });
}

/** Warnings whose `offset` counts the file's unit. */
export function warningsInUnit(warnings: readonly SegmentationWarning[], text: string, offsets: OffsetUnit): SegmentationWarning[] {
  if (offsets === 'utf16') return [...warnings];
  return converted(warnings, text.length, (at) => fromUtf16(text, at, offsets));
}

/** Warnings read from a file, their `offset` back in UTF-16 where it names a place in the text. */
export function warningsFromUnit(warnings: readonly SegmentationWarning[], text: string, offsets: OffsetUnit): SegmentationWarning[] {
  if (offsets === 'utf16') return [...warnings];
  return converted(warnings, unitLength(text, offsets), (at) => toUtf16(text, at, offsets));
}
