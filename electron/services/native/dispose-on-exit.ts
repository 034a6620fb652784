/**
 * Frees what a native cache holds when the host's event loop runs dry (as the engine does), so
 * llama.cpp frees in order before the process ends. Hooked once per cache while it holds
 * something; hooked again after it fired, for a host that loads again.
 */
export function disposeOnExit(dispose: () => Promise<void>): () => void {
  let hooked = false;
  return () => {
    if (hooked) return;
    hooked = true;
    process.once('beforeExit', () => {
      hooked = false;
      void dispose();
    });
  };
}
