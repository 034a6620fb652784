/**
 * A model run on this machine: the native engine leases the loaded model and a context for the
 * run (its lock taken inside), the windows are planned with the model's own tokenizer and run
 * through the local completer, and the lease is given back (freeing the KV cache after a cancel).
 * What the engine did becomes the run's LocalRunMeta.
 */
import type { LocalRunMeta } from '../../../../../shared/document/model-run-meta';
import type { InferenceEngine } from '../../../native/engine';
import type { GpuChoice } from '../../../../../shared/strategies/run-options';
import { modelTokenizer } from '../../../native/vocab-models';
import { abortError } from '../../errors';
import { segmentWindows, type WindowRunHooks, type WindowsOutcome } from '../../plan/segment-windows';
import { prepareWindows, type ModelFiles, type PreparedWindows, type WindowRunRequest } from '../../plan/windows';
import { localCompleter } from './local-completer';

const MAX_BATCH = 512;

export interface LocalRunRequest extends WindowRunRequest {
  gpu: GpuChoice;
  threads?: number;
  /** Sequences of the context (windows decoded at once); default: chosen from the backend. */
  parallel?: number;
  files: ModelFiles;
}

export async function segmentLocal(engine: InferenceEngine, req: LocalRunRequest, hooks: WindowRunHooks = {}): Promise<{ windows: WindowsOutcome; backend: LocalRunMeta }> {
  const { profile } = req;
  const { signal } = hooks;
  hooks.onProgress?.({ stage: 'loading', windowsDone: 0, windowsTotal: 0, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: null });
  let prepared: PreparedWindows | undefined;
  let batchSize = MAX_BATCH;
  // The engine sets the model and the context up under its lock; other runs of the same strategy
  // (a batch's documents) share the sequences once this returns.
  const lease = await engine.lease({ gpu: req.gpu, modelPath: req.files.model, signal }, (model) => {
    const limit = profile.window.contextTokens ?? model.trainContextSize;
    const limitName = profile.window.contextTokens ? "the profile's context size" : `the model's context (${model.trainContextSize} tokens)`;
    prepared = prepareWindows(req, modelTokenizer(model, req.files.model), limit, limitName);
    const contextSize = profile.window.contextTokens ?? prepared.needed;
    batchSize = Math.min(MAX_BATCH, contextSize);
    return { adapter: req.files.adapter, contextSize, batchSize, threads: req.threads, sequences: req.parallel };
  });
  let windows: WindowsOutcome;
  try {
    const completer = localCompleter({
      llama: lease.llama,
      model: lease.model,
      pool: lease.pool,
      decoding: profile.decoding,
      batchSize,
      explainFailure: (err, what) => lease.explainFailure(err, what, 'use fewer sequences (--parallel), a smaller window (--window) or run on the CPU (--gpu off)'),
    });
    windows = await segmentWindows(req, prepared!, completer, hooks);
  } catch (err) {
    if (signal?.aborted) {
      // Free the KV cache now, unless other runs still use it; the model stays loaded for the next run.
      await lease.leave({ freeContext: true });
      throw abortError();
    }
    await lease.leave();
    throw err;
  }
  await lease.leave();
  const { backend } = lease;
  return {
    windows,
    backend: {
      backend: backend.backend,
      devices: backend.devices,
      gpu: backend.requested,
      threads: req.threads ?? null,
      parallel: lease.pool.size,
      contextSize: lease.context.contextSize,
      loaded: { model: lease.modelLoaded, context: lease.contextCreated },
      loadMs: lease.loadMs,
    },
  };
}
