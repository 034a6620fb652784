/**
 * The document model's wire and file shape, as zod schemas: written once here and used by the
 * contract (what crosses IPC and the WebSocket) and the workspace files (what is read back from
 * disk). The invariant itself (coverage, safe boundaries) is checked by shared/document/segmentation.
 */
import { z } from 'zod';
import { CONTINUED_BLOCKS } from './types';

/** What a strategy or a person attached to one segment; unknown keys are refused. */
export const noteSchema = z
  .object({
    topic: z.string().optional(),
    summary: z.string().optional(),
    reviewed: z.boolean().optional(),
    continues: z.enum(CONTINUED_BLOCKS).optional(),
    excluded: z.boolean().optional(),
    confidence: z.number().min(0).max(1).optional(),
  })
  .strict();

/**
 * Interior boundaries (each in (0, text.length), so positive) and one note per segment. Readonly,
 * like the document model's Segmentation, so a SegmentationResult passes as it is.
 */
export const segmentationSchema = z
  .object({
    boundaries: z.array(z.number().int().positive()).max(10_000_000).readonly(),
    notes: z.array(noteSchema).max(10_000_001).readonly(),
  })
  .strict();

export const documentInfoSchema = z.object({ name: z.string(), chars: z.number().int().nonnegative(), sha256: z.string() });

export const segmentationWarningSchema = z.object({
  code: z.string(),
  message: z.string(),
  head: z.string().optional(),
  offset: z.number().optional(),
});

/** A segmentation result as it crosses the wire or is saved; the receiver re-validates coverage. */
export const segmentationResultSchema = z.object({
  document: documentInfoSchema,
  strategy: z.string(),
  segmentation: segmentationSchema,
  warnings: z.array(segmentationWarningSchema),
  meta: z.record(z.string(), z.unknown()),
});
