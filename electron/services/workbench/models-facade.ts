/**
 * The model manager (electron/services/models) in the contract's shapes. Everything is imported on
 * first use: listing GGUF headers and the doctor load node-llama-cpp, which start-up must not.
 */
import type { DoctorReport, InstalledModel, SelftestResult } from '../../../shared/ipc/contract';
import type { LocationOptions } from '../platform/app-paths';
import type { EndpointStore } from '../inference/completers/remote/endpoint-store';
import type { HubSettings } from '../models/hub-settings';
import type { ModelsFacade } from './deps';
import { sep } from 'node:path';
import type { ImportPurpose } from '../../../shared/models/import-purpose';
import { installedPurpose, purposeWarnings, type ModelFileFacts } from '../../../shared/models/purpose-check';
import type { InstalledFile } from '../models/inventory';
import type { ImportResult } from '../models/import-file';

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

/** What an inventory entry says of itself, for the purpose check. */
function factsOf(entry: InstalledFile): ModelFileFacts {
  return {
    ...(entry.name !== undefined ? { generalName: entry.name } : {}),
    ...(entry.kind !== undefined ? { kind: entry.kind } : {}),
    ...(entry.adapterType !== undefined ? { adapterType: entry.adapterType } : {}),
    ...(entry.baseModelName !== undefined ? { baseModelName: entry.baseModelName } : {}),
    ...(entry.poolingType !== undefined ? { poolingType: entry.poolingType } : {}),
  };
}

/** An imported (or replacing) file as the list shows it, with what its own name and header say against `purpose`. */
async function installedModelOf(
  importWarnings: Map<string, string[]>,
  dir: string,
  imported: ImportResult,
  source: string,
  purpose: ImportPurpose,
): Promise<InstalledModel> {
  const { describeInstalled } = await import('../models/inventory');
  const { basename, relative } = await import('node:path');
  const file = relative(dir, imported.path).split(sep).join('/');
  const entry = await describeInstalled(dir, imported.path);
  const warnings = purposeWarnings({ ...factsOf(entry), fileName: basename(source) }, purpose);
  if (warnings.length > 0) importWarnings.set(file, warnings);
  else importWarnings.delete(file);
  return {
    file,
    kind: imported.kind,
    sizeBytes: imported.sizeBytes,
    architecture: imported.architecture,
    metadata: { sha256: imported.sha256, alreadyInstalled: imported.alreadyInstalled },
    ...(purpose === 'file' ? {} : { purpose }),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** `servers`: the inference servers, start-up and added (one store, shared with the runs). */
export function createModelsFacade(locations: LocationOptions, servers: EndpointStore, hub?: HubSettings): ModelsFacade {
  const modelsDir = async () => (await import('../platform/app-paths')).modelsDir(locations);
  /**
   * What an import said of the file it installed (its name then, which the installed name no
   * longer shows), by installed file: its row keeps the warning for as long as this host runs.
   */
  const importWarnings = new Map<string, string[]>();

  return {
    async list(): Promise<InstalledModel[]> {
      const { listInstalled } = await import('../models/inventory');
      const { modelProfiles } = await import('../models/import-for-purpose');
      const dir = await modelsDir();
      const [entries, profiles] = await Promise.all([listInstalled(dir), modelProfiles(locations)]);
      const baseFile = profiles.flatMap((p) => p.files).find((f) => f.role === 'base')?.file;
      const installedBaseName = entries.find((e) => e.file === baseFile)?.name;
      return entries.map((entry) => {
        const purpose = entry.problem === undefined ? installedPurpose(entry.file, profiles, entry.poolingType) : null;
        // The file's own name says something only when it is not the name its purpose installed it under.
        const ownName = purpose === 'embedding' || purpose === null ? entry.file.split('/').pop() : undefined;
        const warnings = [
          ...new Set([
            ...(importWarnings.get(entry.file) ?? []),
            ...(purpose === null ? [] : purposeWarnings({ ...factsOf(entry), fileName: ownName, installedBaseName }, purpose)),
          ]),
        ];
        return {
          file: entry.file,
          // A file that fails verification has no known kind; it is listed with metadata.problem.
          kind: entry.kind ?? 'model',
          sizeBytes: entry.sizeBytes,
          ...(entry.architecture ? { architecture: entry.architecture } : {}),
          metadata: metadataOf(entry as unknown as Record<string, unknown>),
          ...(purpose === null ? {} : { purpose }),
          ...(warnings.length > 0 ? { warnings } : {}),
        };
      });
    },

    async rename(file, to) {
      const { renameInstalled } = await import('../models/manage-file');
      const dir = await modelsDir();
      const { relative } = await import('node:path');
      const renamed = relative(dir, await renameInstalled(dir, file, to)).split(sep).join('/');
      const kept = importWarnings.get(file);
      importWarnings.delete(file);
      if (kept) importWarnings.set(renamed, kept);
      return renamed;
    },

    async remove(file) {
      const { deleteInstalled } = await import('../models/manage-file');
      await deleteInstalled(await modelsDir(), file);
      importWarnings.delete(file);
    },

    async replace(file, source) {
      const { replaceInstalled, installedPath } = await import('../models/manage-file');
      const { modelProfiles } = await import('../models/import-for-purpose');
      const { resolveModelFile } = await import('../platform/app-paths');
      const { existsSync } = await import('node:fs');
      const dir = await modelsDir();
      const profiles = await modelProfiles(locations);
      const purpose = installedPurpose(file, profiles, undefined);
      // An adapter a profile loads is checked against that profile's base, when it is installed.
      const baseFile = purpose?.endsWith('-adapter') ? profiles.find((p) => `${p.name}-adapter` === purpose)?.files.find((f) => f.role === 'base')?.file : undefined;
      const base = baseFile === undefined ? undefined : resolveModelFile(baseFile, locations);
      await installedPath(dir, file);
      const imported = await replaceInstalled(dir, file, source, { base: base !== undefined && existsSync(base) ? base : undefined });
      return installedModelOf(importWarnings, dir, imported, source, purpose ?? 'file');
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
      return installedModelOf(importWarnings, dir, imported, path, purpose);
    },
  };
}
