/**
 * The one way a file is replaced, for every write-then-rename in the product (workspace JSON, the
 * CLI's --out, user profiles, learned models, imported and converted models, GGUF files, the
 * tokenizer cache): the new content goes to a file beside the target, which is fsynced, renamed
 * over the target, and then the folder is fsynced. A reader (or a process restarted after a kill
 * or a power cut) sees the old file or the new one, never a mix or an empty file; the folder
 * fsync makes the rename itself durable.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Temp files end with this, so that no reader of `*.json` ever picks one up. */
export const TEMP_SUFFIX = '.partial';

/** A fresh temp name beside `target`: hidden, with this process's id (a stale one can be told from a live writer's). */
export function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
}

/** `mode`: the permission bits the new file gets (default 0644, less the umask), set before any content is written. */
export async function writeFileAtomic(target: string, content: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const temp = tempPathFor(target);
  const handle = await fs.open(temp, 'wx', options.mode ?? 0o644);
  try {
    // The umask narrowed the mode at open: a file replacing another keeps exactly that one's bits.
    if (options.mode !== undefined) await handle.chmod(options.mode);
    await handle.writeFile(content, typeof content === 'string' ? 'utf8' : undefined);
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  await renameDurably(temp, target);
}

/**
 * Moves a finished file (written beside `target` by someone else: a copy, a converter) over
 * `target`: fsyncs it, renames it, fsyncs the folder. The file is removed when any step fails.
 */
export async function commitFile(finished: string, target: string): Promise<void> {
  try {
    const handle = await fs.open(finished, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (err) {
    await fs.rm(finished, { force: true });
    throw err;
  }
  await renameDurably(finished, target);
}

async function renameDurably(temp: string, target: string): Promise<void> {
  try {
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  await syncDirectory(path.dirname(target));
}

/** Makes a rename in `dir` durable (the workspace also renames whole document folders into place). */
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
