/**
 * The workspace's side of crash-safe writes: the helper itself (services/platform/atomic-write.ts),
 * and the clean-up of temp files that writers killed mid-write left behind.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { TEMP_SUFFIX } from '../../platform/atomic-write';

export { syncDirectory, TEMP_SUFFIX, writeFileAtomic } from '../../platform/atomic-write';

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
