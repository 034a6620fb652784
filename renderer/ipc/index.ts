/**
 * The renderer's one way to the services: `getWorkbench()`. In Electron the preload has put the
 * API on `window.workbench`; in a browser served by `cli serve` a WebSocket client implements the
 * same contract. Either way the rest of the renderer sees one `WorkbenchApi`.
 */
import type { WorkbenchApi } from '../../shared/ipc/contract';
import { WORKBENCH_PAGE_PARAM, WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { wrapPreloadApi } from './preload-client';
import { createSocketWorkbench } from './socket-client';

let preloadApi: WorkbenchApi | null = null;
let socketApi: WorkbenchApi | null = null;

export function getWorkbench(): WorkbenchApi {
  if (window.workbench) return (preloadApi ??= wrapPreloadApi(window.workbench));
  if (!socketApi) {
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    // This page's id: reconnected after a lost connection, it is still sent its own runs' results.
    const page = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    socketApi = createSocketWorkbench(`${scheme}//${window.location.host}${WORKBENCH_SOCKET_PATH}?${WORKBENCH_PAGE_PARAM}=${page}`);
  }
  return socketApi;
}
