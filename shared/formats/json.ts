/**
 * The full JSON format: everything a result holds, with the segment texts spelled out so that the
 * file alone rebuilds the document.
 *
 *   { "version": 1, "document": {name, chars, sha256}, "strategy": "...",
 *     "segments": [{index, start, end, text, head, topic?, summary?, reviewed?, confidence?}],
 *     "warnings": [...], "meta": {...} }
 *
 * `head` is derived from the text and ignored on reading; offsets and texts must agree.
 */
import { z } from 'zod';
import type { ChunkExtras } from '../chunks/extras';
import type { SegmentationResult } from '../document/types';
import { assembleResult, checkRowIndex, type ReadResult } from './assemble';
import { segmentsToWrite } from './check-result';
import { parseJsonText, validate } from './parse-json';

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
  document: z.object({ name: z.string(), chars: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-fA-F]{64}$/) }),
  strategy: z.string(),
  segments: z.array(z.object(segmentFields)),
  warnings: z.array(warningSchema).default([]),
  meta: z.record(z.string(), z.unknown()).default({}),
});

export function toJsonObject(result: SegmentationResult, text: string, extras?: readonly ChunkExtras[]): Record<string, unknown> {
  return {
    version: JSON_FORMAT_VERSION,
    document: { name: result.document.name, chars: result.document.chars, sha256: result.document.sha256 },
    strategy: result.strategy,
    segments: segmentsToWrite(result, text, extras),
    warnings: result.warnings,
    meta: result.meta,
  };
}

export function writeJson(result: SegmentationResult, text: string, extras?: readonly ChunkExtras[]): string {
  return JSON.stringify(toJsonObject(result, text, extras), null, 2) + '\n';
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
