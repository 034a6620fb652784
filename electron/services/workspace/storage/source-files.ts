/**
 * Where a workspace document's text may be read from. A copied text is the document folder's own
 * source.txt, never through a symbolic link; a referenced one only inside the workspace or the
 * folders the host allows (a workspace someone hands over must not read ~/.ssh/id_rsa into the
 * page). Anything else is a DocumentDamageError, and the file is never opened.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { DocumentRecord } from '../../../../shared/workspace/schema';
import { canonicalPath, isWithin } from '../../platform/real-paths';
import { DocumentDamageError, READ_NO_FOLLOW } from './json-files';
import { errorMessage } from '../../../../shared/text/error-message';

/** Reads a document's copied text; a missing, linked or folder source.txt is damage (`shown`: its name in messages). */
export async function readCopiedText(file: string, shown: string): Promise<string> {
  try {
    return await fs.readFile(file, { encoding: 'utf8', flag: READ_NO_FOLLOW });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'is missing: the copied text is gone'
      : code === 'ELOOP' ? 'is a symbolic link, which a workspace never writes: it is not read'
      : code === 'EISDIR' ? 'is a folder, not the copied text'
      : `cannot be read (${code ?? errorMessage(err)})`;
    throw new DocumentDamageError(`${shown} ${why}`, file, null);
  }
}

/** The folders referenced sources may lie in: the workspace and the allowed ones. */
export class SourceFiles {
  private readonly roots: string[];

  constructor(
    private readonly workspaceDir: string,
    allowedRoots: readonly string[],
  ) {
    this.roots = allowedRoots.map((root) => path.resolve(root));
  }

  /** Lets references point under `folder` too (one the host itself imported from). */
  allowRoot(folder: string): void {
    const root = path.resolve(folder);
    if (!this.roots.includes(root)) this.roots.push(root);
  }

  /**
   * The real path of a referenced source (symlinks and `..` resolved, as the path gate does), if it
   * lies inside the workspace or an allowed folder and is a file; otherwise a DocumentDamageError
   * naming `recordFile`, the file that holds the reference.
   */
  async resolveReference(record: DocumentRecord, recordFile: string): Promise<string> {
    if (record.source.kind !== 'reference') throw new Error(`${record.id} is not a referencing document`);
    const file = path.resolve(this.workspaceDir, record.source.path);
    const real = await canonicalPath(file).catch(() => null);
    const roots = await Promise.all([this.workspaceDir, ...this.roots].map((root) => canonicalPath(root).catch(() => root)));
    if (real === null || !roots.some((root) => isWithin(root, real))) {
      throw new DocumentDamageError(`its source ${file} lies outside the workspace and the folders this workbench may use: it is not read (allow its folder with --allow-dir)`, recordFile, null);
    }
    const stats = await fs.stat(real).catch(() => null);
    if (!stats) throw new DocumentDamageError(`its source ${file} is not there (moved or deleted?): put it back, or remove the document`, recordFile, null);
    if (!stats.isFile()) throw new DocumentDamageError(`its source ${file} is not a file`, recordFile, null);
    return real;
  }
}
