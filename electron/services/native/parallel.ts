/**
 * How many sequences (windows decoded at once) the local engine's context gets when the run does
 * not say. Decoding a 0.5B model is bound by reading its weights once per step; N sequences share
 * that read, so more is faster until the cores (CPU) or the memory (GPU) run out:
 * - CPU with 2 threads or fewer: 1. Each sequence's tokens are real work on the same two cores,
 *   and a machine that small is often busy with other things; `--parallel` still raises it.
 * - CPU with more threads: 4.
 * - GPU: the largest of 16, 8 and 4 whose context (every sequence's KV cache) fits the free memory
 *   the engine measures, else the largest smaller N that fits; a context that does not fit at all
 *   is refused before loading (engine.ts).
 */
export const CPU_DEFAULT_PARALLEL = 4;
export const GPU_PARALLEL_CHOICES = [16, 8, 4] as const;

export function defaultParallel(backend: string, threads: number, fits: (sequences: number) => boolean): number {
  if (backend === 'cpu') return threads <= 2 ? 1 : CPU_DEFAULT_PARALLEL;
  for (const n of GPU_PARALLEL_CHOICES) if (fits(n)) return n;
  for (let n = GPU_PARALLEL_CHOICES.at(-1)! - 1; n > 1; n--) if (fits(n)) return n;
  return 1;
}

/** The largest N from 1 to `upTo` that fits, or 0 when not even one sequence does. */
export function largestFitting(upTo: number, fits: (sequences: number) => boolean): number {
  let lo = 0;
  let hi = upTo;
  // Memory grows with N, so the fitting Ns are 1..k: binary search for k.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Documents of a batch (a workspace batch, `bench quality`) run at once on the local engine: as many
 * as the run's sequences when it names them, else 2, so the next document's windows fill the
 * sequences while the last windows of the one before finish. Their windows share the context's
 * sequences (one strategy, one adapter), so more documents never mean more windows in flight.
 */
export const DEFAULT_LOCAL_BATCH_DOCUMENTS = 2;

export function localDocumentsAtOnce(parallel: number | string | undefined): number {
  const n = Number(parallel);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_LOCAL_BATCH_DOCUMENTS;
}
