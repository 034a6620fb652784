/**
 * The preload's `window.workbench`, as the renderer uses it. Electron's context bridge copies a
 * thrown Error with its message only, so the preload rejects with the plain `WireError` object
 * (which crosses intact) and this wrapper turns it back into a `WorkbenchCallError` with its
 * code: the same errors as the WebSocket client gives.
 */
import { methodNames, type WorkbenchApi } from '../../shared/ipc/contract';
import { WorkbenchCallError } from '../../shared/ipc/wire';

export function toCallError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  if (typeof reason === 'object' && reason !== null && typeof (reason as { message?: unknown }).message === 'string') {
    const { message, code } = reason as { message: string; code?: unknown };
    return new WorkbenchCallError({ message, ...(typeof code === 'string' ? { code } : {}) });
  }
  return new WorkbenchCallError({ message: String(reason) });
}

export function wrapPreloadApi(api: WorkbenchApi): WorkbenchApi {
  const wrapped: Record<string, unknown> = { onEvent: api.onEvent };
  for (const method of methodNames) {
    const call = api[method] as (params: unknown) => Promise<unknown>;
    wrapped[method] = (params: unknown) =>
      call(params).catch((reason: unknown) => {
        throw toCallError(reason);
      });
  }
  return wrapped as unknown as WorkbenchApi;
}
