/**
 * Yields to the event loop: input, rendering and timers run before the caller goes on. Long work
 * on the main thread (opening a 50 MB document) is cut into slices with this between them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
