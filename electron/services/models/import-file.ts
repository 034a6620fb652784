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
import { modelFileNameProblem, PARTIAL_SUFFIX } from '../../../shared/models/model-file-name';
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


/** A name to import under must be a plain GGUF file name (shared/models/model-file-name.ts). */
export function checkModelFileName(name: string): string {
  const problem = modelFileNameProblem(name);
  if (problem !== null) throw new ModelError('bad-name', `the file name ${problem}`);
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
    if (!options.force) {
      throw new ModelError('file-exists', `${basename(target)} is already installed with different contents`).withCliHint('pass --force to replace it or --name to import under another name');
    }
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
