/**
 * The files of a workspace folder, as zod schemas: everything read back from disk is validated
 * here before use, so a hand-edited or foreign file is refused with a clear message instead of
 * being half-understood.
 *
 *   DIR/workspace.json                          marker: format and version
 *   DIR/documents/<id>/document.json            name, where the text is, its sha256
 *   DIR/documents/<id>/source.txt               the text, when copied in
 *   DIR/documents/<id>/runs/<strategy>.json     the latest result of each strategy
 *   DIR/documents/<id>/corrected.json           the hand-corrected segmentation
 *   DIR/exports/...                             batch exports
 */
import { z } from 'zod';
import { segmentationResultSchema, segmentationSchema } from '../document/schema';
import { strategyNameSchema } from '../strategies/run-options';

/**
 * The version of the workspace's data files (workspace.json, document.json, runs, corrected.json).
 * Older files are brought up to it when read (electron/services/workspace/storage/migrations.ts);
 * newer ones are refused. Version 2 changed no field (see there).
 */
export const WORKSPACE_VERSION = 2;

/** The version of workspace.lock: a lock lives only while its host runs, so it is never migrated. */
export const LOCK_VERSION = 1;

/** Folder-safe, stable ids: a slug of the name plus the start of the text's sha256. */
export const workspaceDocumentIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,95}$/, 'not a workspace document id');

/**
 * The id a damaged-documents list gives the workspace's documents/ folder itself when something
 * else stands there: never a document's (it fails workspaceDocumentIdSchema).
 */
export const DOCUMENTS_FOLDER_DAMAGE_ID = '.documents';

const isoTime = z.string().min(1).max(64);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'not a hex sha256');

export const workspaceMarkerSchema = z
  .object({
    format: z.literal('segment-workbench-workspace'),
    version: z.literal(WORKSPACE_VERSION),
    createdAt: isoTime,
  })
  .strict();
export type WorkspaceMarker = z.infer<typeof workspaceMarkerSchema>;

/**
 * DIR/workspace.lock: the host that has the workspace open. Written whole before it appears (a
 * hard link of a finished temp file), removed when that host closes the workspace.
 */
export const workspaceLockSchema = z
  .object({
    format: z.literal('segment-workbench-lock'),
    version: z.literal(LOCK_VERSION),
    pid: z.number().int().positive(),
    hostname: z.string().min(1).max(255),
    startedAt: isoTime,
    /** Tells two locks of one process apart (an earlier one a reused pid left behind). */
    nonce: z.string().regex(/^[0-9a-f]{32}$/),
  })
  .strict();
export type WorkspaceLockRecord = z.infer<typeof workspaceLockSchema>;

export const sourceRefSchema = z.discriminatedUnion('kind', [
  /** The text lives in the document folder, as UTF-8. */
  z.object({ kind: z.literal('copy'), file: z.literal('source.txt') }).strict(),
  /** The text is read from this file (relative to the workspace folder, or absolute). */
  z.object({ kind: z.literal('reference'), path: z.string().min(1).max(4096) }).strict(),
]);
export type SourceRef = z.infer<typeof sourceRefSchema>;

export const documentRecordSchema = z
  .object({
    format: z.literal('segment-workbench-document'),
    version: z.literal(WORKSPACE_VERSION),
    id: workspaceDocumentIdSchema,
    name: z.string().min(1).max(1024),
    sourceFormat: z.string().min(1).max(32),
    source: sourceRefSchema,
    /** sha256 of the text's UTF-8 bytes when it was added (or last re-anchored). */
    sha256: sha256Hex,
    chars: z.number().int().nonnegative(),
    addedAt: isoTime,
  })
  .strict();
export type DocumentRecord = z.infer<typeof documentRecordSchema>;

/**
 * The first characters of the text at each boundary. They let boundaries be found again by their
 * text when the source changes, even when only a reference to the source is kept.
 */
const anchorsSchema = z.array(z.string().max(1000)).max(10_000_000);

export const runFileSchema = z
  .object({
    format: z.literal('segment-workbench-run'),
    version: z.literal(WORKSPACE_VERSION),
    savedAt: isoTime,
    anchors: anchorsSchema,
    result: segmentationResultSchema,
  })
  .strict();
export type RunFile = z.infer<typeof runFileSchema>;

/** Which run a correction started from: a strategy's result as it was saved at `savedAt`. */
export const correctionBasisSchema = z.object({ strategy: strategyNameSchema, savedAt: isoTime }).strict();
export type CorrectionBasis = z.infer<typeof correctionBasisSchema>;

export const correctedFileSchema = z
  .object({
    format: z.literal('segment-workbench-corrected'),
    version: z.literal(WORKSPACE_VERSION),
    /** Grows by one with every save: a reader can tell which of two copies is newer. */
    revision: z.number().int().nonnegative(),
    editedAt: isoTime,
    basedOn: correctionBasisSchema.nullable(),
    sourceSha256: sha256Hex,
    anchors: anchorsSchema,
    segmentation: segmentationSchema,
  })
  .strict();
export type CorrectedFile = z.infer<typeof correctedFileSchema>;

/** The strategy name a corrected segmentation goes by in the UI, exports and comparisons. */
export const CORRECTED = 'corrected';

/** Length of the boundary anchors written into run and corrected files. */
export const ANCHOR_CHARS = 60;

/** The anchor texts of a segmentation's boundaries. */
export function anchorsOf(text: string, boundaries: readonly number[]): string[] {
  return boundaries.map((b) => text.slice(b, b + ANCHOR_CHARS));
}

/** A readable id for a document: its name's slug, then the first 8 hex digits of its sha256. */
export function workspaceDocumentId(name: string, sha256: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return `${slug === '' ? 'document' : slug}-${sha256.slice(0, 8)}`;
}
