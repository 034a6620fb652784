/**
 * Real paths and containment, decided the same way wherever a path is judged: the path gate of
 * the services (workbench/path-gate.ts) and the workspace's references (workspace/storage).
 * Symlinks (in the path or in a root) are resolved first, so `root/link -> /etc` and `root/../..`
 * are both outside. A path that does not exist yet is judged by its nearest existing ancestor's
 * real path plus the rest.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** The real path of `target`, resolving symlinks as far as the path exists. */
export async function canonicalPath(target: string): Promise<string> {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  let existing = absolute;
  for (;;) {
    try {
      const real = await fs.realpath(existing);
      return missing.length === 0 ? real : path.join(real, ...missing.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const parent = path.dirname(existing);
      // Only a missing component is walked past; a loop or a permission error is not a path to judge.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === existing) throw err;
      missing.push(path.basename(existing));
      existing = parent;
    }
  }
}

/** True when `candidate` is `root` or lies below it (both already canonical). */
export function isWithin(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..' + path.sep) && rel !== '..' && !path.isAbsolute(rel));
}
