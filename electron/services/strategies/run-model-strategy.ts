/**
 * The runner of the model strategies (registered in strategies/registry.ts) (simple, topic, summary): resolves
 * the profile and the files, checks them, and runs the pipeline on the process-wide engine.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SegmentationResult } from '../../../shared/document/types';
import { modelStrategySchema, profileFiles, type ModelStrategy, type Profile } from '../../../shared/profiles/schema';
import { GPU_CHOICES, windowOverlapProblem, type GpuChoice } from '../../../shared/strategies/run-options';
import type { RunStrategyHooks, RunStrategyRequest } from './types';
import { countSetting } from '../inference/count-setting';
import { sharedEngine, type InferenceEngine } from '../native/engine';
import { InferenceError, throwIfAborted } from '../inference/errors';
import { fileSha256 } from '../inference/file-hash';
import { checkAdapterFile, checkModelFile } from '../inference/gguf-check';
import { type LocationOptions, resolveModelFile } from '../platform/app-paths';
import type { BackendRunMeta, ModelRunMeta } from '../../../shared/document/model-run-meta';
import { modelRunMeta } from '../../../shared/document/model-run-meta';
import type { WindowsOutcome } from '../inference/plan/segment-windows';
import type { ModelFiles, RunMode } from '../inference/plan/windows';
import { segmentLocal } from '../inference/completers/local/run-local';
import { defaultProfileName, loadProfile } from '../inference/profiles';
import type { WantedAdapter } from '../inference/completers/remote/adapters';
import type { RemoteSettings } from '../inference/completers/remote/settings';

export interface ModelStrategyDeps extends LocationOptions {
  engine?: InferenceEngine;
}

/** --gpu, else the host's setting, else llama.cpp's automatic choice. */
function gpuChoice(value: unknown): GpuChoice {
  const raw = value ?? 'auto';
  if (typeof raw === 'string' && (GPU_CHOICES as readonly string[]).includes(raw)) return raw as GpuChoice;
  throw new InferenceError('invalid-option', `--gpu must be one of ${GPU_CHOICES.join(', ')}, got '${String(raw)}'`);
}

/** The files to run: --model/--adapter when given (a model alone is taken as merged), else the profile's. */
function chooseFiles(profile: Profile, options: { model?: string; adapter?: string }, locations: LocationOptions): ModelFiles & { role: string } {
  if (options.model) {
    return { role: 'command line', model: resolve(options.model), adapter: options.adapter ? { path: resolve(options.adapter), scale: 1 } : undefined };
  }
  const m = profile.model;
  if ('merged' in m) return { role: 'profile', model: resolveModelFile(m.merged.file, locations) };
  const adapter = options.adapter
    ? { path: resolve(options.adapter), scale: 1 }
    : m.adapter
      ? { path: resolveModelFile(m.adapter.file, locations), scale: m.adapter.scale }
      : undefined;
  return { role: 'profile', model: resolveModelFile(m.base.file, locations), adapter };
}

function missingFileHint(profileName: string, profile: Profile, path: string): string {
  const entry = profileFiles(profile).find((f) => path.endsWith(f.file));
  if (entry?.uri) return `; get it with: models pull ${profileName}`;
  if (entry?.role === 'adapter') return `; convert the PEFT adapter${entry.source ? ` (${entry.source})` : ''} with: models convert-peft DIR --out ${path}`;
  return '';
}

/** A deterministic run's servers: one request at a time on each, so one slot decodes it; more asked is refused. */
function oneRequestEach(remote: RemoteSettings): RemoteSettings {
  if (remote.concurrency !== undefined && remote.concurrency > 1) {
    throw new InferenceError('invalid-option', `deterministic runs send one request at a time to each server; it cannot take ${remote.concurrency} (--concurrency)`);
  }
  return { ...remote, concurrency: 1 };
}

export async function runModelStrategy(
  request: RunStrategyRequest,
  hooks: RunStrategyHooks = {},
  deps: ModelStrategyDeps = {},
): Promise<SegmentationResult<ModelRunMeta>> {
  const { text, info, options } = request;
  const settings = request.settings ?? {};
  const strategyParse = modelStrategySchema.safeParse(request.strategy);
  if (!strategyParse.success) throw new InferenceError('invalid-option', `'${request.strategy}' is not a model strategy (simple, topic, summary)`);
  const strategy: ModelStrategy = strategyParse.data;
  const locations: LocationOptions = { profilesDir: deps.profilesDir ?? settings.profilesDir, modelsDir: deps.modelsDir ?? settings.modelsDir };
  throwIfAborted(hooks.signal);

  const checkStart = performance.now();
  const profileName = options.profile ?? defaultProfileName(strategy);
  const { profile, path: profilePath } = await loadProfile(profileName, locations);
  if (profile.strategy !== strategy) {
    throw new InferenceError('profile-invalid', `profile '${profileName}' is for the ${profile.strategy} strategy, not ${strategy}`);
  }
  const mode: RunMode = options.mode ?? 'constrained';
  const windowTokens = options.windowTokens ?? profile.window.tokens;
  const overlapTokens = options.overlapTokens ?? (options.windowTokens !== undefined ? Math.min(profile.window.overlapTokens, Math.floor(windowTokens / 4)) : profile.window.overlapTokens);
  const overlapProblem = windowOverlapProblem(windowTokens, overlapTokens);
  if (overlapProblem) throw new InferenceError('invalid-option', overlapProblem);
  const decoder = options.decoder ?? 'trie';
  if (decoder !== 'trie' && decoder !== 'grammar') throw new InferenceError('invalid-option', `decoder must be trie or grammar, got '${decoder}'`);
  const files = chooseFiles(profile, options, locations);
  const remote = options.backend === 'remote';
  const gpu = remote ? 'off' : gpuChoice(options.gpu ?? settings.gpu);
  const threads = remote ? undefined : countSetting('threads', options.threads ?? settings.threads);
  // Servers take windows up to their slots (--concurrency); the sequences are the local engine's.
  const deterministic = options.deterministic ?? settings.deterministic ?? false;
  const asked = remote ? undefined : countSetting('parallel', options.parallel ?? (deterministic ? undefined : settings.parallel));
  if (deterministic && asked !== undefined && asked > 1) throw new InferenceError('invalid-option', `deterministic runs decode one window at a time; it cannot take ${asked} windows at once (--parallel)`);
  const parallel = remote ? undefined : deterministic ? 1 : asked;
  const remoteSettings = settings.remote && deterministic ? oneRequestEach(settings.remote) : settings.remote;

  let base;
  try {
    base = await checkModelFile(files.model);
  } catch (err) {
    if (err instanceof InferenceError && err.code === 'model-missing' && files.role === 'profile') {
      throw new InferenceError('model-missing', `${err.message}${missingFileHint(profileName, profile, files.model)}`);
    }
    throw err;
  }
  // A remote run needs the base model here only for its tokenizer; the adapter lives on the servers.
  if (files.adapter && !remote) {
    try {
      await checkAdapterFile(files.adapter.path, base);
    } catch (err) {
      if (err instanceof InferenceError && err.code === 'model-missing' && files.role === 'profile') {
        throw new InferenceError('model-missing', `${err.message}${missingFileHint(profileName, profile, files.adapter.path)}`);
      }
      throw err;
    }
  }
  // Hashing a 500 MB model takes seconds: it runs while the model works (and once per file).
  const adapterHere = files.adapter && (!remote || existsSync(files.adapter.path));
  const hashes = Promise.all([fileSha256(files.model), adapterHere ? fileSha256(files.adapter!.path) : Promise.resolve(null)]);
  hashes.catch(() => undefined);
  const checkMs = performance.now() - checkStart;

  const windowRun = { text, info, strategy, profile, mode, decoder, windowTokens, overlapTokens };
  let run: { windows: WindowsOutcome; backend: BackendRunMeta };
  if (remote) {
    const { segmentRemote } = await import('../inference/completers/remote/run-remote');
    const { withVocabTokenizer } = await import('../inference/completers/remote/vocab-tokenizer');
    const wanted: WantedAdapter | undefined = files.adapter
      ? { file: files.adapter.path, source: 'base' in profile.model ? profile.model.adapter?.source : undefined, names: [profile.strategy, profile.name], scale: files.adapter.scale }
      : undefined;
    run = await withVocabTokenizer(files.model, (tokenizer) =>
      segmentRemote({ ...windowRun, files, remote: remoteSettings ?? { endpoints: [] }, adapter: wanted }, tokenizer, { onProgress: hooks.onProgress, signal: hooks.signal }),
    );
  } else {
    run = await segmentLocal(deps.engine ?? sharedEngine(), { ...windowRun, gpu, threads, parallel, files }, { onProgress: hooks.onProgress, signal: hooks.signal });
  }
  const [modelSha, adapterSha] = await hashes;
  // The run's meta, put together once: the windows', the backend's and the files'.
  const meta = modelRunMeta(run.windows.meta, run.backend, {
    checkMs,
    profile: { name: profile.name, path: profilePath, strategy: profile.strategy },
    files: {
      model: { path: files.model, sha256: modelSha, sizeBytes: base.sizeBytes, from: files.role, ...(remote ? { usedFor: 'tokenizer' as const } : {}) },
      ...(files.adapter ? { adapter: { path: files.adapter.path, sha256: adapterSha, scale: files.adapter.scale } } : {}),
    },
    // One window at a time: one sequence here (meta.parallel 1), one request per server.
    deterministic,
  });
  return { document: info, strategy, segmentation: run.windows.segmentation, warnings: run.windows.warnings, meta };
}
