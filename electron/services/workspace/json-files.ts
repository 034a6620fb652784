/** Reading and writing the workspace's JSON files: validated on the way in, canonical on the way out. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { canonicalJson } from '../../../shared/workspace/canonical-json';
import { writeFileAtomic } from './atomic-file';
import { BAD_INPUT, UserError } from '../../../shared/errors';

export class WorkspaceFileError extends UserError {
  constructor(
    message: string,
    /** The file at fault, when one is (a workspace JSON file that does not parse or validate). */
    readonly file?: string,
  ) {
    super(BAD_INPUT, message);
    this.name = 'WorkspaceFileError';
  }
}

/** Parses and validates a JSON file; null when it does not exist. */
export async function readJsonFile<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S> | null> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new WorkspaceFileError(`${file} is not valid JSON: ${(err as Error).message}`, file);
  }
  const checked = schema.safeParse(parsed);
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
