import type { WorkbenchApi } from '../../shared/ipc/contract';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser, where the WebSocket client stands in. */
    workbench?: WorkbenchApi;
  }
}

export {};
