/**
 * One host per workspace. Two hosts writing one folder would each win some saves and silently
 * lose the other's, so the host that opens a workspace takes DIR/workspace.lock (its pid, host
 * name, start time and a nonce) and a second one is refused with a message naming the holder.
 *
 * - Taken atomically: the lock is written whole to a temp file, then hard-linked to its name,
 *   which fails when the name exists (where a file system has no hard links, an O_EXCL create).
 * - A stale lock (its process is gone, on this host) is taken over: moved aside by rename, which
 *   only one taker can do to a given file, and checked to be the very lock judged stale before the
 *   new one is linked. A lock from another host is never judged: that host may still be running.
 * - Released when the workspace is closed, and on the process's exit (not on SIGKILL: the next
 *   opener finds the pid gone and takes it over).
 */
import { randomBytes } from 'node:crypto';
import { promises as fs, readFileSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UserError } from '../../../../shared/errors';
import { wireErrorCodes } from '../../../../shared/error-codes';
import { canonicalJson } from '../../../../shared/workspace/canonical-json';
import { workspaceLockSchema, LOCK_VERSION, type WorkspaceLockRecord } from '../../../../shared/workspace/schema';
import { isRunning, TEMP_SUFFIX } from './atomic-file';
import { errorMessage } from '../../../../shared/text/error-message';

export const LOCK_FILE = 'workspace.lock';

/** The workspace is open in another workbench (or another part of this one). */
export class WorkspaceLockedError extends UserError {
  constructor(message: string) {
    super(wireErrorCodes.workspaceLocked, message);
    this.name = 'WorkspaceLockedError';
  }
}

/** The locks this process holds, by nonce: their files, for the exit handler. */
const heldHere = new Map<string, string>();
let exitHandlerInstalled = false;

function releaseAllOnExit(): void {
  for (const [nonce, file] of heldHere) {
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as { nonce?: unknown }).nonce === nonce) unlinkSync(file);
    } catch {
      // Gone already, or replaced: nothing of ours to remove.
    }
  }
}

/** A temp name the workspace's clean-up removes once this process is gone (atomic-file's pattern). */
function tempName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
}

type LockOnDisk = { state: 'none' } | { state: 'held'; lock: WorkspaceLockRecord } | { state: 'unreadable'; reason: string };

async function readLock(file: string): Promise<LockOnDisk> {
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'none' };
    return { state: 'unreadable', reason: (err as NodeJS.ErrnoException).code ?? errorMessage(err) };
  }
  try {
    const checked = workspaceLockSchema.safeParse(JSON.parse(raw));
    return checked.success ? { state: 'held', lock: checked.data } : { state: 'unreadable', reason: 'not a lock this workbench wrote' };
  } catch {
    return { state: 'unreadable', reason: raw === '' ? 'empty' : 'not JSON' };
  }
}

/** Whether the lock's holder is gone: a dead process on this host, or a lock of this process it no longer holds. */
function isStale(lock: WorkspaceLockRecord): boolean {
  if (lock.hostname !== os.hostname()) return false;
  if (lock.pid === process.pid) return !heldHere.has(lock.nonce);
  return !isRunning(lock.pid);
}

function describeHolder(dir: string, lock: WorkspaceLockRecord): string {
  const file = path.join(dir, LOCK_FILE);
  if (lock.hostname !== os.hostname()) {
    return `the workspace ${dir} is open in a workbench on another host (${lock.hostname}, pid ${lock.pid}, since ${lock.startedAt}): close it there first (if that workbench has stopped, remove ${file})`;
  }
  const who = lock.pid === process.pid ? 'this workbench already' : `another workbench (pid ${lock.pid} on ${lock.hostname}, since ${lock.startedAt})`;
  return `the workspace ${dir} is open in ${who}: close it there first, or open another folder`;
}

/** Creates `file` holding `content` only if it does not exist; false when it does. */
async function createExclusive(file: string, content: string): Promise<boolean> {
  const temp = tempName(file);
  await fs.writeFile(temp, content, { flag: 'wx' });
  try {
    await fs.link(temp, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // No hard links here (FAT, some network shares): an exclusive create, written right after.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
    try {
      await fs.writeFile(file, content, { flag: 'wx' });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** Moves a lock judged stale out of the way (the caller then tries to take the name again). */
async function takeOver(file: string, stale: WorkspaceLockRecord): Promise<void> {
  const aside = tempName(file);
  try {
    await fs.rename(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = await readLock(aside);
  if (moved.state === 'held' && moved.lock.nonce !== stale.nonce) {
    // Another taker's fresh lock was moved, not the stale one: put it back (unless a third took the name).
    await fs.link(aside, file).catch(() => undefined);
  }
  await fs.rm(aside, { force: true });
}

/** How often a lock is re-read after losing a race for it before giving up. */
const ATTEMPTS = 5;
/** An unreadable lock may be one being written without hard links: read it again after this long. */
const UNREADABLE_RETRY_MS = 50;

export class WorkspaceLock {
  private released = false;

  private constructor(
    readonly file: string,
    private readonly record: WorkspaceLockRecord,
  ) {}

  /** Takes the lock of the workspace in `dir`, or throws WorkspaceLockedError naming its holder. */
  static async acquire(dir: string): Promise<WorkspaceLock> {
    const file = path.join(dir, LOCK_FILE);
    const record: WorkspaceLockRecord = {
      format: 'segment-workbench-lock',
      version: LOCK_VERSION,
      pid: process.pid,
      hostname: os.hostname(),
      startedAt: new Date().toISOString(),
      nonce: randomBytes(16).toString('hex'),
    };
    const content = canonicalJson(workspaceLockSchema.parse(record));
    // Counted as held before it appears: another opener in this process must never judge it stale.
    heldHere.set(record.nonce, file);
    try {
      return await WorkspaceLock.take(dir, file, record, content);
    } catch (err) {
      heldHere.delete(record.nonce);
      throw err;
    }
  }

  private static async take(dir: string, file: string, record: WorkspaceLockRecord, content: string): Promise<WorkspaceLock> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (await createExclusive(file, content)) {
        if (!exitHandlerInstalled) {
          exitHandlerInstalled = true;
          process.on('exit', releaseAllOnExit);
        }
        return new WorkspaceLock(file, record);
      }
      const holder = await readLock(file);
      if (holder.state === 'none') continue;
      if (holder.state === 'unreadable') {
        if (attempt < ATTEMPTS - 1) {
          await new Promise((resolve) => setTimeout(resolve, UNREADABLE_RETRY_MS));
          continue;
        }
        throw new WorkspaceLockedError(`the workspace ${dir} has a lock file ${file} that cannot be read (${holder.reason}): if no workbench has this workspace open, remove it`);
      }
      if (!isStale(holder.lock)) throw new WorkspaceLockedError(describeHolder(dir, holder.lock));
      await takeOver(file, holder.lock);
    }
    throw new WorkspaceLockedError(`the workspace ${dir} is being opened by another workbench at the same time: try again`);
  }

  /** Throws WorkspaceLockedError when another workbench holds the lock of `dir`; nothing is written. */
  static async assertFree(dir: string): Promise<void> {
    const holder = await readLock(path.join(dir, LOCK_FILE));
    if (holder.state === 'held' && !isStale(holder.lock)) throw new WorkspaceLockedError(describeHolder(dir, holder.lock));
  }

  /** Removes the lock file if it still is ours (never another's that replaced it). Idempotent. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    heldHere.delete(this.record.nonce);
    const onDisk = await readLock(this.file);
    if (onDisk.state === 'held' && onDisk.lock.nonce === this.record.nonce) await fs.rm(this.file, { force: true });
  }
}
