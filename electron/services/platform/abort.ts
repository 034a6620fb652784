/**
 * The error every runner (rules, models) rejects with when its run is cancelled: a DOMException
 * named AbortError, as fetch and timers use, with one message whichever code noticed the abort.
 */
export function abortError(): Error {
  return new DOMException('the run was cancelled', 'AbortError');
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError();
}
