/**
 * Output files for the CLI: the path is checked before any work is done, and the content is
 * written by the workspace's crash-safe replacement, so a failed run never leaves a half-written
 * or empty output behind. Failures become OutputPathError: one line naming the path.
 */
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic as replaceFile } from '../../services/workspace/atomic-file';
import { BAD_INPUT, UserError } from '../../../shared/errors';

export class OutputPathError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'OutputPathError';
  }
}

/** Checks that `path` can be written before any work is done: its folder exists, it is not a folder. */
export async function checkOutputPath(path: string): Promise<void> {
  const folder = dirname(path);
  const folderStats = await stat(folder).catch(() => null);
  if (!folderStats) throw new OutputPathError(`cannot write ${path}: folder ${folder} does not exist`);
  if (!folderStats.isDirectory()) throw new OutputPathError(`cannot write ${path}: ${folder} is not a folder`);
  const stats = await stat(path).catch(() => null);
  if (stats?.isDirectory()) throw new OutputPathError(`cannot write ${path}: it is a directory`);
}

export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await checkOutputPath(path);
  try {
    await replaceFile(path, content);
  } catch (err) {
    throw new OutputPathError(`cannot write ${path}: ${(err as Error).message}`);
  }
}
