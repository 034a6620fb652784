/**
 * What node-llama-cpp's batch dispatch did during a benchmark run: per llama_decode call, how many
 * rows (tokens) and sequences it held and how long it took, the time between decodes, and how
 * long each token's sampling took. It answers "do N windows in flight share one decode per step?"
 * (rows per generation step near N: yes) and where the time of a step goes.
 *
 * Bench only: it wraps internals of node-llama-cpp 3.21.1 (LlamaContext.dispatchPendingBatch and
 * the native context's initBatch/addToBatch/decodeBatch/sampleToken), so a later version may
 * need it changed. `llama_decode` may return before a GPU finishes; the wait then shows in the
 * first sampling after it, so read decode and sampling times together.
 */
import { LlamaContext } from 'node-llama-cpp';

interface Decode {
  rows: number;
  sequences: number;
  ms: number;
  /** From the end of the previous decode to the start of this one. */
  gapMs: number;
}

interface NativeContext {
  initBatch(size: number): unknown;
  addToBatch(sequenceId: number, firstTokenIndex: number, tokens: Uint32Array, logitIndexes: Uint32Array): unknown;
  decodeBatch(): Promise<unknown>;
  sampleToken(...args: unknown[]): Promise<unknown>;
}

interface Internals {
  _ctx: NativeContext;
  __decodeStepsWatched?: boolean;
  model: { gpuLayers: number; fileInsights: { totalLayers: number } };
}

const decodes: Decode[] = [];
let sampled = 0;
let sampleMs = 0;
let lastEnd = 0;
let layers = '';
let installed = false;

/** Starts watching every context created from now on (idempotent). */
export function watchDecodes(): void {
  if (installed) return;
  installed = true;
  const proto = LlamaContext.prototype as unknown as { dispatchPendingBatch: (this: Internals) => void };
  const dispatch = proto.dispatchPendingBatch;
  proto.dispatchPendingBatch = function (this: Internals) {
    if (!this.__decodeStepsWatched) {
      this.__decodeStepsWatched = true;
      layers = `${this.model.gpuLayers} of ${this.model.fileInsights.totalLayers} layers on the GPU`;
      const real = this._ctx;
      let rows = 0;
      const sequences = new Set<number>();
      const own: Partial<NativeContext> = {
        initBatch: (size) => {
          rows = 0;
          sequences.clear();
          return real.initBatch(size);
        },
        addToBatch: (sequenceId, first, tokens, logits) => {
          rows += tokens.length;
          sequences.add(sequenceId);
          return real.addToBatch(sequenceId, first, tokens, logits);
        },
        decodeBatch: async () => {
          const t0 = performance.now();
          const gapMs = lastEnd ? t0 - lastEnd : 0;
          try {
            return await real.decodeBatch();
          } finally {
            lastEnd = performance.now();
            decodes.push({ rows, sequences: sequences.size, ms: lastEnd - t0, gapMs });
          }
        },
        sampleToken: async (...args) => {
          const t0 = performance.now();
          try {
            return await real.sampleToken(...args);
          } finally {
            sampleMs += performance.now() - t0;
            sampled++;
          }
        },
      };
      this._ctx = new Proxy(real, {
        get: (target, key) => {
          if (typeof key === 'string' && key in own) return own[key as keyof NativeContext];
          const value = (target as unknown as Record<string | symbol, unknown>)[key];
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    }
    return dispatch.call(this);
  };
}

/** Clears the counts (between benchmark runs). */
export function resetDecodes(): void {
  decodes.length = 0;
  sampled = 0;
  sampleMs = 0;
  lastEnd = 0;
}

/**
 * One line about the decodes since the last reset. A "generation step" is a decode of at most
 * `sequences` rows (prefill chunks are larger); its rows are the windows that shared it.
 */
export function describeDecodes(sequences: number): string {
  const steps = decodes.filter((d) => d.rows <= sequences);
  if (steps.length === 0) return `decodes: ${decodes.length}, no generation steps`;
  const mean = (f: (d: Decode) => number) => steps.reduce((k, d) => k + f(d), 0) / steps.length;
  const rows = mean((d) => d.rows);
  return (
    `decodes: ${decodes.length}, of them ${steps.length} generation steps of ${rows.toFixed(1)} rows on average ` +
    `(${mean((d) => d.sequences).toFixed(1)} sequences), ${mean((d) => d.ms).toFixed(2)} ms per step in llama_decode, ` +
    `${mean((d) => d.gapMs).toFixed(2)} ms between steps, sampling ${(sampleMs / Math.max(1, sampled)).toFixed(2)} ms per token ` +
    `(call to result, ${sampled} tokens); ${layers}`
  );
}
