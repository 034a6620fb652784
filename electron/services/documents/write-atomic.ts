/**
 * Writes a file so that it is either complete or untouched: content goes to a temporary file in
 * the same folder, which then replaces the target by rename (atomic on one file system). A failed
 * run therefore never leaves a half-written or empty output behind.
 */
import { randomBytes } from 'node:crypto';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export class OutputPathError extends Error {
  constructor(message: string) {
    super(message);
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
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { encoding: 'utf8', flag: 'wx' });
    await rename(temp, path);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw new OutputPathError(`cannot write ${path}: ${(err as Error).message}`);
  }
}
