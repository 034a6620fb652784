/**
 * Import by purpose (the Models screen's Import): the file's GGUF header is checked against what
 * the purpose needs (a model, an adapter, an embedding model), then it is installed under the name
 * the model strategies' profiles expect (shared/models/import-purpose.ts), as
 * `cli models import FILE --name NAME` does; an adapter is checked against the installed base.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { installNameFor, purposeKind, type ImportPurpose, type ProfileFileNames } from '../../../shared/models/import-purpose';
import { profileFiles } from '../../../shared/profiles/schema';
import { MODEL_STRATEGY_NAMES } from '../../../shared/strategies/run-options';
import { resolveModelFile, type LocationOptions } from '../platform/app-paths';
import { loadProfile } from '../inference/profiles';
import { ModelError } from './errors';
import { importModelFile, type ImportResult } from './import-file';
import { verifyGguf } from './verify';

/** The model strategies' profiles that load (one that does not is left out: its own error shows in the doctor). */
export async function modelProfiles(locations: LocationOptions): Promise<ProfileFileNames[]> {
  const out: ProfileFileNames[] = [];
  for (const name of MODEL_STRATEGY_NAMES) {
    try {
      out.push({ name, files: profileFiles((await loadProfile(name, locations)).profile) });
    } catch {
      // Not there, or not valid: installNameFor says what is missing if this purpose needs it.
    }
  }
  return out;
}

export async function importForPurpose(path: string, purpose: ImportPurpose, locations: LocationOptions & { modelsDir: string }): Promise<ImportResult> {
  const needed = purposeKind(purpose);
  if (needed !== null && existsSync(path)) {
    const verified = await verifyGguf(path);
    if (verified.kind !== needed) {
      throw new ModelError('bad-gguf', `${basename(path)} is a ${verified.kind === 'adapter' ? 'LoRA adapter' : 'full model'}, not ${needed === 'adapter' ? 'a LoRA adapter' : 'a model'}`);
    }
    const pooling = (verified.info.architectureMetadata as { pooling_type?: number }).pooling_type;
    if (purpose === 'embedding' && pooling === undefined) {
      throw new ModelError('bad-gguf', `${basename(path)} declares no pooling type, so it is not an embedding model`).withCliHint(
        'a generative model can embed only when named with --embedding-model',
      );
    }
  }
  const profiles = await modelProfiles(locations);
  const name = installNameFor(purpose, profiles) ?? undefined;
  // An adapter is checked against the base its profile names, when that is installed.
  const baseFile = purpose.endsWith('-adapter') ? profiles.find((p) => `${p.name}-adapter` === purpose)?.files.find((f) => f.role === 'base')?.file : undefined;
  const base = baseFile === undefined ? undefined : resolveModelFile(baseFile, locations);
  return importModelFile(path, locations.modelsDir, { name, base: base !== undefined && existsSync(base) ? base : undefined });
}
