import { ipcMain, type BrowserWindow } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../shared/ipc/wire';
import { followEvents, type WorkbenchService } from '../services/workbench';
import { createIpcCallHandler } from './ipc-handler';

/**
 * One invoke channel for every call and one push channel for events. The window is a connection
 * as a web page is (services/workbench/connection-events.ts): its calls carry its id, the runs,
 * batches and trainings it starts report to it, and job snapshots are coalesced. Returns the
 * function that removes both.
 */
export function connectIpc(service: WorkbenchService, getWindow: () => BrowserWindow | null): () => void {
  const mainFrame = () => {
    const window = getWindow();
    return window && !window.isDestroyed() ? window.webContents.mainFrame : null;
  };
  // A window replaced (closed, opened again) is another connection; its page adopts the jobs it lists.
  const caller = () => {
    const window = getWindow();
    return window && !window.isDestroyed() ? `window:${window.webContents.id}` : null;
  };
  ipcMain.handle(IPC_CALL_CHANNEL, createIpcCallHandler({ service, mainFrame, caller }));
  const unsubscribe = followEvents(service, caller, (event) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event);
  });
  return () => {
    ipcMain.removeHandler(IPC_CALL_CHANNEL);
    unsubscribe();
  };
}
