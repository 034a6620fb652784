/**
 * Crash-safe file replacement: write a temp file in the same folder, fsync it, rename it over
 * the target, fsync the folder. A reader (or a process restarted after a kill) sees either the
 * old file or the new one, never a mix; the folder fsync makes the rename itself durable.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Temp files end with this, so that no reader of `*.json` ever picks one up. */
export const TEMP_SUFFIX = '.partial';

/** `mode`: the permission bits the new file gets (default 0644, less the umask), set before any content is written. */
export async function writeFileAtomic(target: string, content: string, options: { mode?: number } = {}): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  const handle = await fs.open(temp, 'wx', options.mode ?? 0o644);
  try {
    // The umask narrowed the mode at open: a file replacing another keeps exactly that one's bits.
    if (options.mode !== undefined) await handle.chmod(options.mode);
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(dir);
}

/** Makes a rename in `dir` durable. */
export async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync; there rename durability is the file system's.
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Whether a process with this id exists (EPERM: it does, but belongs to someone else). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp files (and temp folders) that writers killed mid-write left in `dir` (not
 * looking into other folders). One whose writer is still alive is left alone: it is about to be renamed.
 */
export async function removeStaleTempFiles(dir: string): Promise<number> {
  let removed = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    // Folders too: a document is put together in a temp folder before it is renamed into place.
    if (!(entry.isFile() || entry.isDirectory()) || !entry.name.startsWith('.') || !entry.name.endsWith(TEMP_SUFFIX)) continue;
    const pid = Number(entry.name.split('.').at(-3));
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
    await fs.rm(path.join(dir, entry.name), { force: true, recursive: true });
    removed++;
  }
  return removed;
}
