import { ipcMain, type BrowserWindow } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../shared/ipc/wire';
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import type { WorkbenchService } from '../services/workbench';
import { createIpcCallHandler } from './ipc-handler';

/**
 * One invoke channel for every call and one push channel for events. Returns the function that
 * removes both.
 */
export function connectIpc(service: WorkbenchService, getWindow: () => BrowserWindow | null): () => void {
  const mainFrame = () => {
    const window = getWindow();
    return window && !window.isDestroyed() ? window.webContents.mainFrame : null;
  };
  ipcMain.handle(IPC_CALL_CHANNEL, createIpcCallHandler({ service, mainFrame }));
  const unsubscribe = service.onEvent((event: WorkbenchEvent) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event);
  });
  return () => {
    ipcMain.removeHandler(IPC_CALL_CHANNEL);
    unsubscribe();
  };
}
