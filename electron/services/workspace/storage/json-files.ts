/** Reading and writing the workspace's JSON files: validated on the way in, canonical on the way out. */
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { canonicalJson } from '../../../../shared/workspace/canonical-json';
import { writeFileAtomic } from './atomic-file';
import { BAD_INPUT, UserError } from '../../../../shared/errors';
import { wireErrorCodes } from '../../../../shared/error-codes';
import type { DamagedWorkspaceDocument } from '../../../../shared/workspace/types';
import { errorMessage } from '../../../../shared/text/error-message';

export class WorkspaceFileError extends UserError {
  constructor(
    message: string,
    /** The file at fault, when one is (a workspace JSON file that does not parse or validate). */
    readonly file?: string,
    code: string = BAD_INPUT,
  ) {
    super(code, message);
    this.name = 'WorkspaceFileError';
  }
}

/**
 * A document's file that is missing, misplaced or inconsistent with the rest (a source.txt that
 * is gone or replaced, a reference outside the allowed folders, a correction past the end of the
 * text): the document is listed as damaged, with the repair that fits.
 */
export class DocumentDamageError extends WorkspaceFileError {
  constructor(
    message: string,
    file: string,
    /** What Repair does for it (null: it can only be removed). */
    readonly repair: DamagedWorkspaceDocument['repair'],
  ) {
    super(message, file, wireErrorCodes.damaged);
    this.name = 'DocumentDamageError';
  }
}

/** Open for reading, refusing a symbolic link as the last part of the path (where the platform can tell). */
export const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/**
 * Parses and validates a JSON file; null when it does not exist. `migrate` brings a file of an
 * older format version up to the schema's (storage/migrations.ts) before it is validated.
 */
export async function readJsonFile<S extends z.ZodType>(file: string, schema: S, migrate?: (parsed: unknown, file: string) => unknown): Promise<z.infer<S> | null> {
  let raw: string;
  try {
    raw = await fs.readFile(file, { encoding: 'utf8', flag: READ_NO_FOLLOW });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    // A workspace writes its files by rename, never as links: a link is someone else's, and may point anywhere.
    if (code === 'ELOOP') throw new WorkspaceFileError(`${path.basename(file)} in ${path.dirname(file)} is a symbolic link, which a workspace never writes: it is not read`, file);
    if (code === 'EISDIR') throw new WorkspaceFileError(`${path.basename(file)} in ${path.dirname(file)} is a folder, not a file`, file);
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new WorkspaceFileError(`${file} is not valid JSON: ${errorMessage(err)}`, file);
  }
  const checked = schema.safeParse(migrate ? migrate(parsed, file) : parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new WorkspaceFileError(`${path.basename(file)} in ${path.dirname(file)} is not a valid workspace file${where}: ${issue?.message ?? 'invalid'}`, file);
  }
  return checked.data as z.infer<S>;
}

/** Validates, then writes atomically as canonical JSON. */
export async function writeJsonFile<S extends z.ZodType>(file: string, schema: S, value: z.infer<S>): Promise<void> {
  await writeFileAtomic(file, canonicalJson(schema.parse(value)));
}
