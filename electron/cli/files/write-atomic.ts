/**
 * Output files for the CLI. The path is checked before any work is done and the content written
 * only once everything has succeeded, so a failed run never leaves a half-written or empty output.
 * What `--out` does depends on what stands at the path (docs/cli.md states the same rule):
 *
 * - nothing: a new regular file, written atomically (temp file + rename);
 * - a regular file: replaced atomically, keeping its permission bits; a read-only one (no write
 *   permission for us, or no write bit at all, as a 0444 file) is refused, as the shell's `>`
 *   refuses it (the check is on the bits too, so that root, whom `access` lets write anything,
 *   is refused as well: replacing by rename would otherwise bypass the protection);
 * - a symbolic link: followed; the rule for what it points to applies there, the link stays;
 *   a link to nothing is refused;
 * - a file with more than one hard link: refused (replacing it would split the links, writing in
 *   place would not be atomic);
 * - a character device or a FIFO (/dev/null, /dev/stdout, a named pipe): written through, as
 *   the shell's `>` does, never replaced;
 * - a folder, a socket or a block device: refused;
 * - the input itself (same device and inode, through links and hard links): refused.
 *
 * Failures become OutputPathError: one line naming the path.
 */
import { access, lstat, realpath, stat, writeFile } from 'node:fs/promises';
import { constants, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic as replaceFile } from '../../services/platform/atomic-write';
import { BAD_INPUT, UserError } from '../../../shared/errors';
import { errorMessage } from '../../../shared/text/error-message';

export class OutputPathError extends UserError {
  constructor(message: string) {
    super(BAD_INPUT, message);
    this.name = 'OutputPathError';
  }
}

/** How an output path is written. */
export type OutputTarget =
  | { kind: 'replace'; path: string; mode?: number }
  | { kind: 'write-through'; path: string };

async function statOrNull(path: string, follow: boolean): Promise<Stats | null> {
  try {
    return await (follow ? stat(path) : lstat(path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new OutputPathError(`cannot write ${path}: ${errorMessage(err)}`);
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/**
 * Decides how `path` is written, refusing what must not be (see the module comment). `inputs` are
 * the files the command reads: an output that is one of them would destroy it.
 */
export async function resolveOutputTarget(path: string, inputs: readonly string[] = []): Promise<OutputTarget> {
  const link = await statOrNull(path, false);
  const target = link && (await statOrNull(path, true));
  if (link && !target) throw new OutputPathError(`cannot write ${path}: it is a symbolic link to nothing`);
  if (!target) {
    const folder = dirname(path);
    const folderStats = await stat(folder).catch(() => null);
    if (!folderStats) throw new OutputPathError(`cannot write ${path}: folder ${folder} does not exist`);
    if (!folderStats.isDirectory()) throw new OutputPathError(`cannot write ${path}: ${folder} is not a folder`);
    return { kind: 'replace', path };
  }
  for (const input of inputs) {
    const inputStats = await stat(input).catch(() => null);
    if (inputStats && sameFile(inputStats, target)) {
      throw new OutputPathError(`--out ${path} is the input file ${input}: writing it would destroy the input (choose another path)`);
    }
  }
  if (target.isDirectory()) throw new OutputPathError(`cannot write ${path}: it is a directory`);
  if (target.isCharacterDevice() || target.isFIFO()) return { kind: 'write-through', path };
  if (!target.isFile()) throw new OutputPathError(`cannot write ${path}: it is neither a regular file, a character device nor a FIFO`);
  if (target.nlink > 1) {
    throw new OutputPathError(
      `cannot write ${path}: it has ${target.nlink} hard links, and replacing it would leave the other names with the old content (remove the other links or choose another path)`,
    );
  }
  if ((target.mode & 0o222) === 0 || !(await access(path, constants.W_OK).then(() => true, () => false))) {
    const mode = (target.mode & 0o777).toString(8).padStart(4, '0');
    throw new OutputPathError(`cannot write ${path}: it is read-only (mode ${mode}), and the shell's > would refuse it too (make it writable with chmod u+w, or choose another path)`);
  }
  // Through a link, the file it points to is replaced (next to itself), and the link stays a link.
  const real = link?.isSymbolicLink() ? await realpath(path) : path;
  return { kind: 'replace', path: real, mode: target.mode & 0o7777 };
}

/** Checks that `path` can be written before any work is done (see resolveOutputTarget). */
export async function checkOutputPath(path: string, inputs: readonly string[] = []): Promise<void> {
  await resolveOutputTarget(path, inputs);
}

/** Writes `content` to `path` by the rule above; the checks run again, as the path may have changed meanwhile. */
export async function writeFileAtomic(path: string, content: string, inputs: readonly string[] = []): Promise<void> {
  const target = await resolveOutputTarget(path, inputs);
  try {
    if (target.kind === 'write-through') await writeFile(target.path, content, { flag: 'w' });
    else await replaceFile(target.path, content, target.mode === undefined ? {} : { mode: target.mode });
  } catch (err) {
    throw new OutputPathError(`cannot write ${path}: ${errorMessage(err)}`);
  }
}
