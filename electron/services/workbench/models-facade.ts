/**
 * The model manager (electron/services/models) in the contract's shapes. Everything is imported on
 * first use: listing GGUF headers and the doctor load node-llama-cpp, which start-up must not.
 */
import type { DoctorReport, InstalledModel, SelftestResult } from '../../../shared/ipc/contract';
import type { LocationOptions } from '../inference/paths';
import type { EndpointStore } from '../inference/completers/remote/endpoint-store';
import type { HubSettings } from '../models/hub-settings';
import type { ModelsFacade } from './deps';

type Scalar = string | number | boolean;

/** Fields of an inventory entry shown as metadata (everything but what InstalledModel names itself). */
function metadataOf(entry: Record<string, unknown>): Record<string, Scalar> {
  const shown = ['name', 'fileType', 'contextLength', 'layers', 'embedding', 'loraAlpha', 'loraRanks', 'tensors', 'problem'];
  const metadata: Record<string, Scalar> = {};
  for (const key of shown) {
    const value = entry[key];
    if (Array.isArray(value)) metadata[key] = value.join(', ');
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') metadata[key] = value;
  }
  return metadata;
}

/** `servers`: the inference servers, start-up and added (one store, shared with the runs). */
export function createModelsFacade(locations: LocationOptions, servers: EndpointStore, hub?: HubSettings): ModelsFacade {
  const modelsDir = async () => (await import('../inference/paths')).modelsDir(locations);

  return {
    async list(): Promise<InstalledModel[]> {
      const { listInstalled } = await import('../models/inventory');
      const entries = await listInstalled(await modelsDir());
      return entries.map((entry) => ({
        file: entry.file,
        // A file that fails verification has no known kind; it is listed with metadata.problem.
        kind: entry.kind ?? 'model',
        sizeBytes: entry.sizeBytes,
        ...(entry.architecture ? { architecture: entry.architecture } : {}),
        metadata: metadataOf(entry as unknown as Record<string, unknown>),
      }));
    },

    async doctor(): Promise<DoctorReport> {
      const { runDoctor } = await import('../models/doctor');
      const report = await runDoctor(locations);
      const backend = report.backend;
      return {
        backend: 'error' in backend ? `unavailable: ${backend.error}` : backend.backend,
        devices: 'devices' in backend ? backend.devices : [],
        modelsDir: report.modelsDir,
        profiles: report.profiles.map((p) => ({
          name: p.name,
          ready: p.ready,
          missing: p.error
            ? [p.error]
            : p.files.filter((f) => f.state !== 'ok').map((f) => `${f.file} (${f.state}${f.detail ? `: ${f.detail}` : ''})`),
        })),
      };
    },

    async endpoints() {
      if ((await servers.settings()).endpoints.length === 0) return [];
      const { extractQwen2Vocab, qwen2VocabCachePath } = await import('../tokenizer/qwen2-vocab');
      // The vocabulary check uses the seed models' tokenizer (Qwen2's), as the shipped profiles do.
      const vocab = await extractQwen2Vocab(qwen2VocabCachePath(await modelsDir())).catch(() => undefined);
      return servers.list(vocab);
    },

    addEndpoint: (input) => servers.add(input),
    removeEndpoint: (url) => servers.remove(url),

    async pull(profile, hooks) {
      const { pullProfile } = await import('../models/pull');
      const token = await (await import('../models/hub-probe')).hubToken(hub);
      const files = await pullProfile(profile, { ...locations, token, signal: hooks.signal, onProgress: hooks.onProgress });
      // A profile whose files cannot all be downloaded (an adapter that must be converted first)
      // is not ready: say what is still needed instead of reporting success.
      const needed = files.filter((f) => f.status === 'missing' || f.status === 'needs-conversion');
      if (needed.length > 0) {
        throw new Error(`${profile} still needs ${needed.map((f) => `${f.file}: ${f.hint ?? f.status}`).join('; ')}`);
      }
      return files.map((f) => f.path);
    },

    async selftest(profiles, apply): Promise<SelftestResult> {
      const { runSelftest } = await import('../models/selftest');
      const { SCORE_RULE } = await import('../../../shared/selftest/score');
      const report = await runSelftest({ ...locations, profiles, apply });
      return {
        scoreRule: SCORE_RULE,
        rows: report.rows.map((r) => ({ profile: r.profile, variant: r.variant, ...r.figures })),
        best: report.best,
        applied: report.applied,
      };
    },

    async import(path, purpose = 'file'): Promise<InstalledModel> {
      const { importForPurpose } = await import('../models/import-for-purpose');
      const dir = await modelsDir();
      const imported = await importForPurpose(path, purpose, { ...locations, modelsDir: dir });
      const { relative } = await import('node:path');
      return {
        file: relative(dir, imported.path),
        kind: imported.kind,
        sizeBytes: imported.sizeBytes,
        architecture: imported.architecture,
        metadata: { sha256: imported.sha256, alreadyInstalled: imported.alreadyInstalled },
      };
    },
  };
}
