/**
 * Bounded concurrency for runs made of independent jobs (the windows of a document, the documents
 * of a benchmark corpus on inference servers).
 */
import { abortError } from './abort';

/**
 * Runs `count` jobs with at most `parallel` in flight, results in job order. The first failure
 * aborts the others (through the signal each job gets) and is what rejects.
 */
export async function runBounded<T>(count: number, parallel: number, outer: AbortSignal | undefined, job: (k: number, signal: AbortSignal) => Promise<T>): Promise<T[]> {
  const inner = new AbortController();
  const forward = () => inner.abort(outer?.reason);
  if (outer?.aborted) throw abortError();
  outer?.addEventListener('abort', forward, { once: true });
  const results: T[] = new Array(count);
  let next = 0;
  let failure: { err: unknown } | null = null;
  async function lane(): Promise<void> {
    while (!failure && next < count) {
      const k = next++;
      try {
        results[k] = await job(k, inner.signal);
      } catch (err) {
        if (!failure) failure = { err };
        inner.abort(err);
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, count)) }, lane));
  } finally {
    outer?.removeEventListener('abort', forward);
  }
  if (outer?.aborted) throw abortError();
  if (failure) throw (failure as { err: unknown }).err;
  return results;
}
