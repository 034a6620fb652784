/**
 * The preload: the renderer's whole view of the main process. It exposes `window.workbench`, one
 * function per contract method (generated from the contract, so nothing is hand-listed) plus
 * `onEvent`. Bundled to CommonJS (dist/electron/preload.cjs) because sandboxed preloads cannot load
 * modules; it imports nothing from Node.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { methodNames, type WorkbenchEvent } from '../shared/ipc/contract';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type CallOutcome } from '../shared/ipc/wire';

const api: Record<string, unknown> = {
  onEvent(listener: (event: WorkbenchEvent) => void): () => void {
    const forward = (_event: IpcRendererEvent, payload: WorkbenchEvent) => listener(payload);
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.off(IPC_EVENT_CHANNEL, forward);
    };
  },
};

for (const method of methodNames) {
  api[method] = async (params: unknown) => {
    const outcome = (await ipcRenderer.invoke(IPC_CALL_CHANNEL, { method, params })) as CallOutcome;
    // A plain object crosses the context bridge whole (an Error would keep only its message);
    // renderer/ipc turns it back into a WorkbenchCallError.
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  };
}

contextBridge.exposeInMainWorld('workbench', api);
