/**
 * The full JSON format: everything a result holds, with the segment texts spelled out so that the
 * file alone rebuilds the document.
 *
 *   { "version": 1, "offsets": "codepoint", "document": {name, chars, sha256}, "strategy": "...",
 *     "segments": [{index, start, end, text, head, topic?, summary?, reviewed?, continues?, confidence?}],
 *     "warnings": [...], "meta": {...} }
 *
 * `head` is derived from the text and ignored on reading; offsets and texts must agree. `offsets`
 * names the unit of start, end, document.chars and warnings' offsets (shared/formats/offsets.ts);
 * a file without it is read as UTF-16 code units.
 */
import { z } from 'zod';
import type { ChunkExtras } from '../chunks/extras';
import { CONTINUED_BLOCKS, type SegmentationResult } from '../document/types';
import { assembleResult, checkRowIndex, type ReadResult } from './assemble';
import { segmentsToWrite } from './check-result';
import { documentInUnit, offsetsFieldSchema, warningsInUnit } from './offsets';
import { parseJsonText, validate } from './parse-json';
import { DEFAULT_OFFSET_UNIT, type OffsetUnit } from '../text/offset-units';

export const JSON_FORMAT_VERSION = 1;

/** One segment as the JSON and JSONL files spell it out (`head` is read and ignored). */
export const segmentFields = {
  index: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  head: z.string().optional(),
  topic: z.string().optional(),
  summary: z.string().optional(),
  reviewed: z.boolean().optional(),
  /** The block a segment continues, where a size limit cut it (shared/strategies/block-split.ts). */
  continues: z.enum(CONTINUED_BLOCKS).optional(),
  /** The strategy's confidence in the boundary the segment starts at (shared/strategies/confidence.ts). */
  confidence: z.number().min(0).max(1).optional(),
};

export const warningSchema = z.object({
  code: z.string(),
  message: z.string(),
  head: z.string().optional(),
  offset: z.number().optional(),
});

const jsonResultSchema = z.object({
  version: z.literal(JSON_FORMAT_VERSION, { error: `version must be ${JSON_FORMAT_VERSION}` }),
  offsets: offsetsFieldSchema,
  document: z.object({ name: z.string(), chars: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-fA-F]{64}$/) }),
  strategy: z.string(),
  segments: z.array(z.object(segmentFields)),
  warnings: z.array(warningSchema).default([]),
  meta: z.record(z.string(), z.unknown()).default({}),
});

export function toJsonObject(
  result: SegmentationResult,
  text: string,
  extras?: readonly ChunkExtras[],
  offsets: OffsetUnit = DEFAULT_OFFSET_UNIT,
): Record<string, unknown> {
  const segments = segmentsToWrite(result, text, extras, { offsets });
  return {
    version: JSON_FORMAT_VERSION,
    offsets,
    document: documentInUnit(result.document, text, offsets),
    strategy: result.strategy,
    segments,
    warnings: warningsInUnit(result.warnings, text, offsets),
    meta: result.meta,
  };
}

export function writeJson(result: SegmentationResult, text: string, extras?: readonly ChunkExtras[], offsets: OffsetUnit = DEFAULT_OFFSET_UNIT): string {
  return JSON.stringify(toJsonObject(result, text, extras, offsets), null, 2) + '\n';
}

/** Reads an already parsed JSON result (e.g. one that arrived over IPC). */
export function readJsonObject(source: string, value: unknown): ReadResult {
  const file = validate(source, jsonResultSchema, value);
  file.segments.forEach((segment, i) => checkRowIndex(`${source}: segments[${i}]`, segment.index, i, segment.start, file.segments[i - 1]?.end ?? 0));
  return assembleResult(source, file.segments, file);
}

export function readJson(source: string, content: string): ReadResult {
  return readJsonObject(source, parseJsonText(source, content));
}
