/**
 * `models pull PROFILE`: gets every file a strategy profile names. A file with a hub URI is
 * downloaded; an adapter whose `source` is a PEFT repository on the hub is downloaded as PEFT and
 * converted to GGUF here, or, when a LoRA cannot carry it (DoRA, saved modules, lm_head, an
 * embedding LoRA on a tied base), merged into the base, and the user's copy of the profile then
 * names the merged model (`model.merged`). Each file is verified before the pull reports it ready.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseVariantName } from '../../../shared/profiles/prompt-layouts';
import { profileFiles } from '../../../shared/profiles/schema';
import { loadProfile, writeUserProfile } from '../inference/profiles';
import { modelsDir as resolveModelsDir, resolveModelFile } from '../platform/app-paths';
import { convertPeftToGguf } from './convert-peft';
import { hasTiedEmbeddings, mergePeftIntoGguf, mergeReason } from './merge-peft';
import { downloadModelFile, type PullOptions } from './pull-download';
import { downloadPeftAdapter } from './peft-source';
import { hubRepoOf, peftCacheDir } from '../../model-files/hub-repo';
import { summarizePeftFolder, type PeftSummary } from './peft-summary';
import { verifyForUse } from './verify';
import { ModelError } from './errors';

export { DEFAULT_MAX_FILE_BYTES, downloadModelFile, type PullOptions, type PullProgress } from './pull-download';

export interface PulledFile {
  role: 'base' | 'adapter' | 'merged';
  file: string;
  path: string;
  status: 'present' | 'downloaded' | 'converted' | 'merged' | 'needs-conversion' | 'missing';
  /** How to get a file that cannot be fetched. */
  hint?: string;
  /** An adapter fetched as a PEFT folder: what decided its conversion. */
  peft?: PeftSummary;
  /** What the conversion or merge found worth a look without stopping (printed as `warning:` lines). */
  warnings?: string[];
}

/** Verifies a fetched file; one that is not usable is removed so the next pull starts clean. */
async function keepIfValid(path: string, base: string | undefined): Promise<void> {
  try {
    await verifyForUse(path, { base });
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
}

export async function pullProfile(name: string, options: PullOptions = {}): Promise<PulledFile[]> {
  const { profile } = await loadProfile(name, options);
  const files = profileFiles(profile);
  const basePath = files[0]?.role === 'base' ? resolveModelFile(files[0].file, options) : undefined;
  const out: PulledFile[] = [];
  for (const f of files) {
    const path = resolveModelFile(f.file, options);
    const base = f.role === 'adapter' && basePath && existsSync(basePath) ? basePath : undefined;
    if (existsSync(path)) {
      await verifyForUse(path, { base });
      out.push({ role: f.role, file: f.file, path, status: 'present' });
      continue;
    }
    if (f.uri) {
      await downloadModelFile(f.uri, path, options);
      await keepIfValid(path, base);
      out.push({ role: f.role, file: f.file, path, status: 'downloaded' });
      continue;
    }
    const repo = f.role === 'adapter' && f.source ? hubRepoOf(f.source, options.hubEndpoint) : undefined;
    if (repo) {
      const peftDir = peftCacheDir(resolveModelsDir(options), repo);
      const fetched = await downloadPeftAdapter(repo, peftDir, options);
      const peft = await summarizePeftFolder(peftDir, fetched);
      const tied = base !== undefined && (await hasTiedEmbeddings(base));
      const reason = await mergeReason(peftDir, tied);
      if (reason) {
        if (!base) throw new ModelError('peft-tied-embeddings', `the adapter from ${f.source} must be merged into the base model (${reason}), and the base model is not there`);
        // Beside the adapter's name, so a later pull of the same profile finds it.
        const mergedFile = f.file.replace(/(\.gguf)?$/i, '-merged.gguf');
        const mergedPath = resolveModelFile(mergedFile, options);
        const merged = await mergePeftIntoGguf(peftDir, base, mergedPath);
        await keepIfValid(mergedPath, undefined);
        const profilePath = await writeUserProfile(parseVariantName(name).base, (json) => (json.model = { merged: { file: mergedFile, source: f.source } }), options);
        const hint = `${reason}: merged into ${basename(base)}; ${profilePath} now uses it as model.merged`;
        out.push({ role: 'merged', file: mergedFile, path: mergedPath, status: 'merged', peft, hint, warnings: merged.warnings });
        continue;
      }
      const converted = await convertPeftToGguf(peftDir, path);
      await keepIfValid(path, base);
      out.push({ role: f.role, file: f.file, path, status: 'converted', peft, warnings: converted.warnings });
      continue;
    }
    const hint = f.source
      ? `get the PEFT adapter folder from ${f.source}, then: models convert-peft DIR --out ${path}`
      : 'put the file there or use: models import FILE';
    out.push({ role: f.role, file: f.file, path, status: f.source ? 'needs-conversion' : 'missing', hint });
  }
  return out;
}
