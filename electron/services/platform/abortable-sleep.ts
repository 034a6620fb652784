/**
 * A retry's back-off: waits `ms`, or rejects with `reason()` as soon as `signal` aborts (also when
 * it already has), so a cancel never waits for the back-off to run out. Used by the model download
 * and the remote endpoint pool, each with its own abort error.
 */
export function abortableSleep(ms: number, signal: AbortSignal | undefined, reason: () => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(reason());
    const onAbort = () => {
      clearTimeout(timer);
      reject(reason());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
