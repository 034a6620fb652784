/**
 * `models doctor`: which compute backend node-llama-cpp picks (or the one --gpu asks for), where
 * models are looked up, and for each strategy profile whether its files are there and usable.
 */
import { existsSync } from 'node:fs';
import { getModuleVersion } from 'node-llama-cpp';
import { profileFiles } from '../../../shared/profiles/schema';
import { InferenceEngine, type BackendInfo, type GpuChoice } from '../native/engine';
import { listProfiles, loadProfile } from '../inference/profiles';
import { modelsDir as resolveModelsDir, resolveModelFile, type LocationOptions } from '../platform/app-paths';
import { join } from 'node:path';
import { PEFT_EXTRA_FILES, PEFT_FILES } from './peft-source';
import { hubRepoOf, peftCacheDir } from '../../model-files/hub-repo';
import { summarizePeftFolder, type PeftSummary } from './peft-summary';
import { verifyForUse } from './verify';
import { firstLine } from '../../../shared/text/first-line';

export interface ProfileHealth {
  name: string;
  strategy?: string;
  path: string;
  ready: boolean;
  files: { role: string; file: string; path: string; state: 'ok' | 'missing' | 'invalid'; detail?: string; peft?: PeftSummary }[];
  error?: string;
}

export interface DoctorReport {
  nodeLlamaCpp: string;
  backend: BackendInfo | { backend: 'unavailable'; requested: GpuChoice; error: string };
  modelsDir: string;
  modelsDirExists: boolean;
  profiles: ProfileHealth[];
}

async function backendInfo(gpu: GpuChoice): Promise<DoctorReport['backend']> {
  const engine = new InferenceEngine();
  try {
    return await engine.backendInfo(gpu);
  } catch (err) {
    return { backend: 'unavailable', requested: gpu, error: firstLine(err) };
  } finally {
    await engine.dispose();
  }
}

async function profileHealth(name: string, options: LocationOptions): Promise<Omit<ProfileHealth, 'name' | 'path' | 'strategy'>> {
  const { profile } = await loadProfile(name, options);
  const files: ProfileHealth['files'] = [];
  const wanted = profileFiles(profile);
  const basePath = wanted[0]?.role === 'base' ? resolveModelFile(wanted[0].file, options) : undefined;
  for (const f of wanted) {
    const path = resolveModelFile(f.file, options);
    // An adapter pulled as a PEFT folder: what decided its conversion (the folder stays in the models folder).
    const repo = f.role === 'adapter' && f.source ? hubRepoOf(f.source, options.hubEndpoint) : undefined;
    const peftDir = repo ? peftCacheDir(resolveModelsDir(options), repo) : undefined;
    const peft = peftDir && existsSync(join(peftDir, 'adapter_model.safetensors')) ? await summarizePeftFolder(peftDir, [...PEFT_FILES, ...PEFT_EXTRA_FILES]) : undefined;
    if (!existsSync(path)) {
      const how = f.uri || (f.source && hubRepoOf(f.source, options.hubEndpoint)) ? `models pull ${name}` : f.source ? `convert it from ${f.source} with models convert-peft` : 'models import FILE';
      files.push({ role: f.role, file: f.file, path, state: 'missing', detail: how, ...(peft ? { peft } : {}) });
      continue;
    }
    try {
      const base = f.role === 'adapter' && basePath && existsSync(basePath) ? basePath : undefined;
      await verifyForUse(path, { base });
      files.push({ role: f.role, file: f.file, path, state: 'ok', ...(peft ? { peft } : {}) });
    } catch (err) {
      files.push({ role: f.role, file: f.file, path, state: 'invalid', detail: (err as Error).message, ...(peft ? { peft } : {}) });
    }
  }
  return { ready: files.every((f) => f.state === 'ok'), files };
}

export async function runDoctor(options: LocationOptions & { gpu?: GpuChoice } = {}): Promise<DoctorReport> {
  const dir = resolveModelsDir(options);
  const profiles: ProfileHealth[] = [];
  for (const listing of await listProfiles(options)) {
    const entry: ProfileHealth = { name: listing.name, strategy: listing.strategy, path: listing.path, ready: false, files: [] };
    if (listing.error) entry.error = listing.error;
    else {
      try {
        Object.assign(entry, await profileHealth(listing.name, options));
      } catch (err) {
        entry.error = (err as Error).message;
      }
    }
    profiles.push(entry);
  }
  return {
    nodeLlamaCpp: await getModuleVersion(),
    backend: await backendInfo(options.gpu ?? 'auto'),
    modelsDir: dir,
    modelsDirExists: existsSync(dir),
    profiles,
  };
}
