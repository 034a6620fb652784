/**
 * `models import FILE`: copies a local GGUF into the models folder after verifying it, through a
 * temporary name so a failed copy leaves neither half a file nor a damaged earlier one.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { commitFile } from '../platform/atomic-write';
import { basename, join, resolve } from 'node:path';
import type { VerifiedGguf } from '../../model-files/verify';
import { sha256File } from '../inference/file-hash';
import { ModelError } from './errors';
import { verifyForUse, verifyGguf } from './verify';

export interface ImportResult {
  path: string;
  sizeBytes: number;
  sha256: string;
  kind: VerifiedGguf['kind'];
  architecture: string;
  /** The same file was already installed: nothing was copied. */
  alreadyInstalled: boolean;
}

/** The copy in progress is named `<name>.partial`: its name, too, must fit in the file system's 255 bytes. */
const PARTIAL_SUFFIX = '.partial';
/** The longest name a file may have on the usual file systems (ext4, APFS, NTFS: 255 bytes or units). */
const FILE_NAME_MAX_BYTES = 255;
export const MODEL_NAME_MAX_BYTES = FILE_NAME_MAX_BYTES - PARTIAL_SUFFIX.length;

/**
 * A name to import under must be a plain GGUF file name: no folder part (`../x.gguf`, `a/b.gguf`,
 * `C:\\x.gguf`), no `.`/`..`, no NUL, no leading dot (temp and hidden files), ending in .gguf,
 * and short enough to be a file name (checked here, so a long one is a clear refusal, not ENAMETOOLONG).
 */
export function checkModelFileName(name: string): string {
  const plain = name !== '' && !/[/\\\0:]/.test(name) && !name.startsWith('.') && basename(name) === name;
  if (!plain) throw new ModelError('bad-name', `--name must be a plain file name inside the models folder, like my-model.gguf (got '${name}')`);
  if (!name.toLowerCase().endsWith('.gguf')) throw new ModelError('bad-name', `--name must end in .gguf (got '${name}')`);
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > MODEL_NAME_MAX_BYTES) {
    throw new ModelError('bad-name', `--name is ${bytes} bytes long; a model file name may have at most ${MODEL_NAME_MAX_BYTES} (the file system's ${FILE_NAME_MAX_BYTES}, less '${PARTIAL_SUFFIX}' for the copy in progress)`);
  }
  return name;
}

export async function importModelFile(
  source: string,
  modelsDir: string,
  options: { name?: string; base?: string; force?: boolean } = {},
): Promise<ImportResult> {
  if (options.name !== undefined) checkModelFileName(options.name);
  const from = resolve(source);
  if (!existsSync(from)) throw new ModelError('not-found', `file not found: ${source}`);
  if (!from.toLowerCase().endsWith('.gguf') && !options.name) {
    throw new ModelError('not-gguf', `${basename(from)} does not end in .gguf; only GGUF files can be imported (convert PEFT adapters with models convert-peft)`);
  }
  const verified = await verifyForUse(from, { base: options.base });
  const target = join(resolve(modelsDir), options.name ?? basename(from));
  const sha256 = await sha256File(from);
  if (existsSync(target)) {
    if (target === from || (await sha256File(target)) === sha256) {
      return { path: target, sizeBytes: verified.fileSize, sha256, kind: verified.kind, architecture: verified.architecture, alreadyInstalled: true };
    }
    if (!options.force) throw new ModelError('file-exists', `${target} already exists with different contents; pass --force to replace it or --name to import under another name`);
  }
  await mkdir(resolve(modelsDir), { recursive: true });
  const partial = `${target}${PARTIAL_SUFFIX}`;
  try {
    await copyFile(from, partial);
    const copied = await stat(partial);
    if (copied.size !== verified.fileSize || (await sha256File(partial)) !== sha256) {
      throw new ModelError('bad-gguf', `the copy of ${basename(from)} differs from the original (was the file changing while it was imported?)`);
    }
    await verifyGguf(partial);
    await commitFile(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return { path: target, sizeBytes: verified.fileSize, sha256, kind: verified.kind, architecture: verified.architecture, alreadyInstalled: false };
}
