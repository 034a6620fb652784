/**
 * The one llama.cpp runtime of this process. It keeps ONE base model loaded and one context on it,
 * with N sequences (windows decoded at once, parallel.ts); a LoRA adapter belongs to the context in
 * node-llama-cpp 3.21, so switching strategy recreates only the context (cheap) and never reloads
 * the base model (expensive), and one strategy runs at a time. Loading, unloading and setting up a
 * run are serialized by one lock; runs that want the context as it is (the documents of a batch)
 * share it and its sequences, and a run that needs another context waits until they are done.
 *
 * The lock is the engine's own: every public method takes it inside (lease, backendInfo, dispose),
 * so no caller can set up a context without it or forget to let it go. A run's lease hands out the
 * loaded model and the context's sequences until the run leaves; the handles are for the local
 * completer (inference/completers/local) and nothing keeps them after it leaves. Dispose listeners
 * on the runtime, the model and the context keep `state` (serializable) true whoever disposes them.
 */
import { freemem } from 'node:os';
import { getLlama, LlamaLogLevel, type Llama, type LlamaContext, type LlamaModel } from 'node-llama-cpp';
import type { GpuChoice } from '../../../shared/strategies/run-options';
import type { LocalBackend } from '../../../shared/document/model-run-meta';
import { abortError, explainOutOfMemory, InferenceError, isOutOfMemory, throwIfAborted } from './errors';
import { defaultParallel, largestFitting } from './parallel';
import { SequencePool } from './sequence-pool';
import { SerialLock } from './serial-lock';
import { joinWholeSteps } from './whole-steps';
import { writeLlamaLog } from '../platform/llama-log';
import { nativeStateChanged, provideNativeState, type EngineStage, type EngineState } from './state';
import { firstLine } from '../../../shared/text/first-line';

export type { GpuChoice };

export interface BackendInfo {
  /** The compute backend llama.cpp runs on: cuda, metal, vulkan or cpu. */
  backend: LocalBackend;
  devices: string[];
  /** The --gpu choice that led to it. */
  requested: GpuChoice;
}

export interface ContextSpec {
  adapter?: { path: string; scale: number };
  contextSize: number;
  batchSize: number;
  /** CPU threads; default: the machine's math cores. */
  threads?: number;
  /** Sequences (windows decoded at once); default: chosen from the backend (parallel.ts). */
  sequences?: number;
}

/** Free memory where a context's KV cache goes, in bytes: RAM, and VRAM on a GPU backend. */
export interface FreeMemory {
  ram: number;
  vram: number;
}

export interface EngineOptions {
  /** What is free now (default: the OS's free RAM and llama.cpp's free VRAM); tests pass a small budget. */
  freeMemory?: (llama: Llama) => Promise<FreeMemory>;
}

/** A run's hold on the shared context: its sequences, until it leaves. */
interface ContextLease {
  context: LlamaContext;
  pool: SequencePool;
  created: boolean;
  leave(): void;
}

/** What a run asks of the engine: this backend and this base model, loaded. */
export interface RunRequest {
  gpu: GpuChoice;
  modelPath: string;
  signal?: AbortSignal;
  onLoadProgress?: (p: number) => void;
}

/**
 * A run's hold on the loaded model and the context's sequences, from `lease` until `leave`. Runs
 * of the same context (the documents of a batch) hold leases at once and share the sequences.
 */
export interface RunLease {
  llama: Llama;
  model: LlamaModel;
  backend: BackendInfo;
  context: LlamaContext;
  pool: SequencePool;
  /** Whether this run loaded the model / created the context (false: it was there already). */
  modelLoaded: boolean;
  contextCreated: boolean;
  /** Time spent loading the model and creating the context, in ms. */
  loadMs: number;
  /** The error to throw for a native failure while running (out of memory named as such). */
  explainFailure(err: unknown, what: string, advice: string): unknown;
  /** Gives the sequences back; `freeContext` (after a cancel) frees the KV cache if no other run uses it. */
  leave(options?: { freeContext?: boolean }): Promise<void>;
}

const MB = 1024 * 1024;

export type { EngineStage, EngineState };

const RECENT_LOG_LINES = 30;

export class InferenceEngine {
  /** Serializes loading, unloading and setting up a run; taken inside each public method. */
  private readonly lock = new SerialLock();
  /** How many times a base model was loaded: adapter swaps must not move it. */
  modelLoads = 0;
  contextCreations = 0;

  private runtime: { choice: GpuChoice; llama: Llama; backend: BackendInfo } | null = null;
  private loadedModel: { path: string; model: LlamaModel } | null = null;
  private loadedContext: { adapterKey: string; size: number; batchSize: number; context: LlamaContext; pool: SequencePool } | null = null;
  /** Runs using the loaded context now; it is replaced or freed only when none is. */
  private contextUsers = 0;
  private contextUnused: (() => void)[] = [];

  constructor(private readonly options: EngineOptions = {}) {}
  private stateValue: EngineState = { stage: 'idle', progress: 0, backend: null, model: null, context: null };
  private readonly stateListeners = new Set<(state: EngineState) => void>();
  private readonly recentLogs: string[] = [];

  get state(): EngineState {
    return { ...this.stateValue };
  }

  onState(listener: (state: EngineState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setState(patch: Partial<EngineState>): void {
    this.stateValue = { ...this.stateValue, ...patch };
    for (const listener of this.stateListeners) listener(this.state);
  }

  /** The loaded base model, for tests that estimate a context's memory from it (no run uses it). */
  get currentModel(): LlamaModel | null {
    return this.loadedModel?.model ?? null;
  }

  /**
   * Loads the backend and the base model (if they are not loaded) and leases a context as
   * `contextFor` asks for it, given the model (its train context bounds the window). The lock is
   * held while they are set up and let go before this returns; a cancel while setting up frees the
   * context (not the model) and rejects with an AbortError.
   */
  async lease(request: RunRequest, contextFor: (model: LlamaModel) => ContextSpec): Promise<RunLease> {
    const { signal } = request;
    const release = await this.lock.acquire(signal);
    try {
      const loadStart = performance.now();
      const { llama, model, backend, loaded } = await this.useModel(request.gpu, request.modelPath, request);
      let loadMs = performance.now() - loadStart;
      const spec = contextFor(model);
      const contextStart = performance.now();
      const held = await this.useContext(spec, { signal });
      loadMs += performance.now() - contextStart;
      return {
        llama,
        model,
        backend,
        context: held.context,
        pool: held.pool,
        modelLoaded: loaded,
        contextCreated: held.created,
        loadMs,
        explainFailure: (err, what, advice) => this.explainFailure(err, what, advice),
        leave: async (options = {}) => {
          held.leave();
          if (options.freeContext) await this.lock.run(() => this.releaseContextIfUnused());
        },
      };
    } catch (err) {
      if (signal?.aborted) {
        // Free the KV cache now, unless other runs still use it; the model stays loaded for the next run.
        await this.releaseContextIfUnused();
        throw abortError();
      }
      throw err;
    } finally {
      release();
    }
  }

  /** The compute backend this choice gives (starts llama.cpp if needed, loads no model). */
  async backendInfo(choice: GpuChoice): Promise<BackendInfo> {
    return this.lock.run(async () => (await this.backend(choice)).backend);
  }

  /** The compute backend (loads llama.cpp, not a model). Lock held. */
  private async backend(choice: GpuChoice): Promise<{ llama: Llama; backend: BackendInfo }> {
    if (this.runtime && this.runtime.choice === choice) return this.runtime;
    // The new backend is started before the old one is let go: if it cannot start, what is loaded stays.
    const previousStage = this.stateValue.stage;
    this.setState({ stage: 'loading-backend', progress: 0 });
    let llama: Llama;
    try {
      llama = await getLlama({
        gpu: choice === 'off' ? false : choice,
        // Never compile llama.cpp behind the user's back: prebuilt binaries or a clear error.
        build: 'never',
        progressLogs: false,
        logLevel: LlamaLogLevel.warn,
        logger: (level, message) => this.log(level, message),
      });
    } catch (err) {
      this.setState({ stage: this.runtime ? previousStage : 'failed' });
      const detail = firstLine(err) || (err as Error).name || String(err);
      throw new InferenceError(
        'backend-unavailable',
        `cannot start llama.cpp with --gpu ${choice}: no usable ${choice === 'auto' ? '' : `${choice} `}build of llama.cpp for this machine (${detail}); try --gpu off`,
      );
    }
    if (choice !== 'auto' && choice !== 'off' && llama.gpu !== choice) {
      // node-llama-cpp quietly falls back (e.g. to the CPU for metal on Linux): asked is asked.
      await llama.dispose();
      this.setState({ stage: this.runtime ? previousStage : 'failed' });
      throw new InferenceError('backend-unavailable', `the GPU setting ${choice} is not available on this machine (llama.cpp would run on ${llama.gpu || 'cpu'}); choose auto or off`).withCliHint(
        'try --gpu auto or --gpu off',
      );
    }
    const devices = llama.gpu === false ? [] : await llama.getGpuDeviceNames().catch(() => []);
    const backend: BackendInfo = { backend: llama.gpu === false ? 'cpu' : llama.gpu, devices, requested: choice };
    await this.releaseAll();
    const runtime = { choice, llama, backend };
    this.runtime = runtime;
    llama.onDispose.createListener(() => {
      if (this.runtime !== runtime) return;
      this.runtime = null;
      this.loadedModel = null;
      this.loadedContext = null;
      this.setState({ backend: null, model: null, context: null });
    });
    this.setState({ backend });
    return runtime;
  }

  private log(level: LlamaLogLevel, message: string): void {
    const line = message.trim();
    if (!line) return;
    this.recentLogs.push(line);
    if (this.recentLogs.length > RECENT_LOG_LINES) this.recentLogs.shift();
    writeLlamaLog(level, line);
  }

  /** The error to throw for a native failure: out-of-memory is named as such, llama.cpp's log helps. */
  private explainFailure(err: unknown, what: string, advice: string): unknown {
    const lastLog = this.recentLogs.slice(-5).join(' | ');
    if (!isOutOfMemory(err) && isOutOfMemory(lastLog)) {
      return new InferenceError('out-of-memory', `out of memory while ${what} (${lastLog}); ${advice}`);
    }
    return explainOutOfMemory(err, what, advice);
  }

  /** Makes sure the backend and this base model are loaded (nothing happens when they are). Lock held. */
  private async useModel(
    gpu: GpuChoice,
    modelPath: string,
    hooks: { signal?: AbortSignal; onLoadProgress?: (p: number) => void } = {},
  ): Promise<{ llama: Llama; model: LlamaModel; backend: BackendInfo; loaded: boolean }> {
    const { signal } = hooks;
    throwIfAborted(signal);
    const { llama, backend } = await this.backend(gpu);
    throwIfAborted(signal);
    let loaded = false;
    if (!this.loadedModel || this.loadedModel.path !== modelPath) {
      await this.releaseModel();
      this.setState({ stage: 'loading-model', progress: 0 });
      try {
        const model = await llama.loadModel({
          modelPath,
          gpuLayers: gpu === 'off' ? 0 : 'auto',
          loadSignal: signal,
          onLoadProgress: (p) => {
            this.setState({ progress: p });
            hooks.onLoadProgress?.(p);
          },
        });
        const entry = { path: modelPath, model };
        this.loadedModel = entry;
        this.modelLoads++;
        loaded = true;
        model.onDispose.createListener(() => {
          if (this.loadedModel !== entry) return;
          this.loadedModel = null;
          this.loadedContext = null;
          this.setState({ model: null, context: null });
        });
        this.setState({ stage: 'idle', progress: 1, model: { path: modelPath } });
      } catch (err) {
        this.setState({ stage: 'failed' });
        if (signal?.aborted) throw abortError();
        throw this.explainFailure(err, `loading the model ${modelPath}`, 'close other programs or use a smaller model');
      }
    }
    return { llama, model: this.loadedModel.model, backend, loaded };
  }

  /**
   * A context on the loaded model with this adapter (or none), at least this big, with the asked
   * number of sequences, or the backend's default. The context is kept while the adapter and the
   * sequences stay the same; another adapter means a new context, never a new model. The caller
   * holds the lock for this call; the lease it gets lets it use the sequences after releasing the
   * lock, so that runs of the same strategy (the documents of a batch) share them. A context whose
   * KV cache does not fit the free memory is refused before it is made, naming the largest number
   * of sequences that fits. Call useModel first.
   */
  private async useContext(spec: ContextSpec, hooks: { signal?: AbortSignal } = {}): Promise<ContextLease> {
    const { signal } = hooks;
    const model = this.loadedModel?.model;
    if (!model || !this.runtime) throw new Error('useContext before useModel');
    const adapterKey = spec.adapter ? `${spec.adapter.path}@${spec.adapter.scale}` : '';
    const threads = spec.threads ?? model.llama.cpuMathCores;
    const current = this.loadedContext;
    const matches = (sequences: number | undefined) =>
      current !== null && current.adapterKey === adapterKey && current.size >= spec.contextSize && current.batchSize >= spec.batchSize && (sequences === undefined || current.pool.size === sequences);
    let created = false;
    if (!matches(spec.sequences)) {
      const free = await (this.options.freeMemory ?? systemFreeMemory)(this.runtime.llama);
      const need = (n: number) => model.fileInsights.estimateContextResourceRequirements({ contextSize: spec.contextSize, batchSize: Math.max(spec.batchSize, n), sequences: n, modelGpuLayers: model.gpuLayers });
      // What the context now loaded holds is freed before the new one is made, so it counts as free.
      const held = current ? need(current.pool.size) : { cpuRam: 0, gpuVram: 0 };
      const fits = (n: number) => {
        const r = need(n);
        return r.cpuRam <= free.ram + held.cpuRam && r.gpuVram <= free.vram + held.gpuVram;
      };
      const sequences = spec.sequences ?? defaultParallel(this.runtime.backend.backend, threads, fits);
      if (!fits(sequences)) {
        const r = need(sequences);
        const most = largestFitting(sequences, fits);
        const where = r.gpuVram > free.vram + held.gpuVram ? `${Math.round((free.vram + held.gpuVram) / MB)} MB of GPU memory` : `${Math.round((free.ram + held.cpuRam) / MB)} MB of memory`;
        const needs = r.gpuVram > free.vram + held.gpuVram ? r.gpuVram : r.cpuRam;
        throw new InferenceError(
          'out-of-memory',
          `a context of ${sequences} sequences of ${spec.contextSize} tokens needs about ${Math.round(needs / MB)} MB, but ${where} is free; ${
            most > 0 ? `the largest --parallel that fits is ${most}` : 'not even one sequence fits: use a smaller window (--window) or close other programs'
          }`,
        );
      }
      if (!matches(sequences)) {
        await this.releaseContext();
        throwIfAborted(signal);
        this.setState({ stage: 'creating-context', progress: 0 });
        try {
          const context = await model.createContext({
            contextSize: spec.contextSize,
            batchSize: spec.batchSize,
            sequences,
            // node-llama-cpp's CPU default is at least 4 threads; on a 2-core machine the extra
            // threads spin-wait for cores and decoding slows down ~40x (measured: 0.2 vs 8 tok/s).
            threads,
            // A context that does not fit is an error to report, not a smaller context to hand back.
            failedCreationRemedy: false,
            createSignal: signal,
            lora: spec.adapter
              ? { adapters: [{ filePath: spec.adapter.path, scale: spec.adapter.scale }], onLoadProgress: (p) => this.setState({ progress: p }) }
              : undefined,
          });
          // With several sequences, each step waits for all of them (whole-steps.ts); one has no one to wait for.
          const pool = new SequencePool(Array.from({ length: sequences }, () => (sequences > 1 ? joinWholeSteps(context.getSequence()) : context.getSequence())));
          const entry = { adapterKey, size: context.contextSize, batchSize: context.batchSize, context, pool };
          this.loadedContext = entry;
          this.contextCreations++;
          created = true;
          context.onDispose.createListener(() => {
            if (this.loadedContext !== entry) return;
            this.loadedContext = null;
            this.setState({ context: null });
          });
          this.setState({ context: { adapterPath: spec.adapter?.path ?? null, contextSize: context.contextSize, sequences } });
        } catch (err) {
          this.setState({ stage: 'failed' });
          if (signal?.aborted) throw abortError();
          throw this.explainFailure(
            err,
            `creating a context of ${sequences} sequence${sequences === 1 ? '' : 's'} of ${spec.contextSize} tokens${spec.adapter ? ` with adapter ${spec.adapter.path}` : ''}`,
            'use fewer sequences (--parallel), a smaller window (--window) or run on the CPU (--gpu off)',
          );
        }
      }
    }
    this.setState({ stage: 'ready', progress: 1 });
    const ctx = this.loadedContext!;
    this.contextUsers++;
    let left = false;
    return {
      context: ctx.context,
      pool: ctx.pool,
      created,
      leave: () => {
        if (left) return;
        left = true;
        this.contextUsers--;
        if (this.contextUsers === 0) for (const wake of this.contextUnused.splice(0)) wake();
      },
    };
  }

  /** Waits until no run uses the context (runs share it after setting up under the lock). */
  private async contextIdle(): Promise<void> {
    while (this.contextUsers > 0) await new Promise<void>((resolve) => this.contextUnused.push(resolve));
  }

  /** Frees the context when no other run uses it (after a cancel: the KV cache goes, the model stays). Lock held. */
  private async releaseContextIfUnused(): Promise<void> {
    if (this.contextUsers === 0) await this.releaseContext();
  }

  /** Frees the context (and its KV cache), keeping the model. Call with the lock held. */
  private async releaseContext(): Promise<void> {
    await this.contextIdle();
    const ctx = this.loadedContext;
    this.loadedContext = null;
    if (ctx && !ctx.context.disposed) await ctx.context.dispose();
    this.setState(this.stateValue.stage === 'ready' ? { stage: 'idle', context: null } : { context: null });
  }

  private async releaseModel(): Promise<void> {
    await this.releaseContext();
    const m = this.loadedModel;
    this.loadedModel = null;
    if (m && !m.model.disposed) await m.model.dispose();
    this.setState({ stage: 'idle', model: null, context: null });
  }

  private async releaseAll(): Promise<void> {
    await this.releaseModel();
    const r = this.runtime;
    this.runtime = null;
    if (r && !r.llama.disposed) await r.llama.dispose();
    this.setState({ backend: null });
  }

  /** Unloads everything, after any run in progress. */
  async dispose(): Promise<void> {
    await this.lock.run(() => this.releaseAll());
  }
}

async function systemFreeMemory(llama: Llama): Promise<FreeMemory> {
  const vram = llama.gpu === false ? 0 : (await llama.getVramState()).free;
  return { ram: freemem(), vram };
}

let shared: InferenceEngine | null = null;

/** The process-wide engine; disposed on exit so llama.cpp frees its memory in order. Its state is the native state's `engine`. */
export function sharedEngine(): InferenceEngine {
  if (!shared) {
    const engine = new InferenceEngine();
    shared = engine;
    provideNativeState('engine', () => engine.state);
    engine.onState(nativeStateChanged);
    process.once('beforeExit', () => {
      void engine.dispose();
    });
  }
  return shared;
}
