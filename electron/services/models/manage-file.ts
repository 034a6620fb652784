/**
 * The Models screen's mending of installed files: rename, delete, and replace one with another
 * file. Each names the file as the list shows it (relative to the models folder); the name is
 * checked by the shared rules, then the resolved path (links followed) must still lie inside the
 * models folder, so no call reaches a file elsewhere.
 */
import { existsSync } from 'node:fs';
import { realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { installedFileProblem, modelFileNameProblem } from '../../../shared/models/model-file-name';
import { ModelError } from './errors';
import { importModelFile, type ImportResult } from './import-file';
import { verifyGguf } from './verify';

/** The real path of an installed file named as listed, or a ModelError; never a path outside `modelsDir`. */
export async function installedPath(modelsDir: string, file: string): Promise<string> {
  const problem = installedFileProblem(file);
  if (problem !== null) throw new ModelError('bad-name', `the file ${problem}`);
  const root = await realpath(resolve(modelsDir)).catch(() => resolve(modelsDir));
  const path = join(root, ...file.split('/'));
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    throw new ModelError('not-found', `${file} is not in the models folder (was it removed meanwhile?)`);
  }
  const inside = relative(root, real);
  if (inside === '' || inside.startsWith('..') || inside.startsWith(sep) || !(await stat(real)).isFile()) {
    throw new ModelError('bad-name', `${file} leads outside the models folder; it is left as it is`);
  }
  return path;
}

/** Renames an installed file within its folder; refuses a name taken by another file. Returns the new path. */
export async function renameInstalled(modelsDir: string, file: string, to: string): Promise<string> {
  const problem = modelFileNameProblem(to);
  if (problem !== null) throw new ModelError('bad-name', `the new name ${problem}`);
  const from = await installedPath(modelsDir, file);
  const target = join(dirname(from), to);
  if (target === from) return from;
  // A case-only rename on a case-insensitive disk finds "itself" there: that is no clash.
  if (existsSync(target) && (await realpath(target)) !== (await realpath(from))) {
    throw new ModelError('file-exists', `${to} is already installed: delete or rename that file first`);
  }
  await rename(from, target);
  return target;
}

export async function deleteInstalled(modelsDir: string, file: string): Promise<void> {
  await rm(await installedPath(modelsDir, file));
}

/**
 * Replaces an installed file with `source`, under the installed file's name: the new file is
 * verified as an import is (an adapter against `base`, when given), must be of the same kind
 * (model or adapter) as the one it replaces, and is copied through a temporary name, so a
 * refused or failed replacement leaves the installed file as it was.
 */
export async function replaceInstalled(modelsDir: string, file: string, source: string, options: { base?: string } = {}): Promise<ImportResult> {
  const target = await installedPath(modelsDir, file);
  const [before, after] = await Promise.all([verifyGguf(target).catch(() => null), verifyGguf(source)]);
  // A damaged installed file has no kind to keep: any usable file may replace it.
  if (before !== null && before.kind !== after.kind) {
    const what = (kind: string) => (kind === 'adapter' ? 'a LoRA adapter' : 'a full model');
    throw new ModelError('bad-gguf', `${basename(source)} is ${what(after.kind)}, but ${file} is ${what(before.kind)}: replace it with a file of its kind`);
  }
  return importModelFile(source, dirname(target), { name: basename(target), base: options.base, force: true });
}
