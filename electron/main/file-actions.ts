import { dialog, type BrowserWindow } from 'electron';
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import { IPC_EVENT_CHANNEL } from '../../shared/ipc/wire';
import { SUPPORTED_EXTENSIONS } from '../readers';
import type { WorkbenchService } from '../services/workbench';
import { toWireError } from '../services/workbench';
import type { MenuActions } from './menu';

// The open dialog offers exactly what the readers read (its filter takes extensions without the dot).
const documentExtensions = SUPPORTED_EXTENSIONS.map((extension) => extension.slice(1));

/**
 * The File menu's actions. Paths from native dialogs stay in main: the service opens them (as the
 * host's own requests, which the path gate does not limit), or holds them under a pick id that the
 * window names when it must choose how (a document's read options, a model's purpose). The
 * renderer itself never names a path: its calls that do are refused outside the allowed folders,
 * and the desktop app allows none.
 */
export function createFileActions(service: WorkbenchService, getWindow: () => BrowserWindow | null): MenuActions {
  async function report(action: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (err) {
      const window = getWindow();
      const options = { type: 'error' as const, message: `${action} failed`, detail: toWireError(err).message };
      if (window) await dialog.showMessageBox(window, options);
      else await dialog.showMessageBox(options);
    }
  }

  function sendToWindow(event: WorkbenchEvent): void {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(IPC_EVENT_CHANNEL, event);
  }

  async function choose(properties: ('openFile' | 'openDirectory')[], filters?: Electron.FileFilter[]): Promise<string | null> {
    const window = getWindow();
    const options = { properties, ...(filters ? { filters } : {}) };
    const picked = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  }

  return {
    // The dialog is main's; how to read the file (Markdown or plain, an encoding) is the window's
    // setting, so the window opens the pick by its id with its read options: never by the path.
    openDocument: () =>
      void report('Opening the document', async () => {
        const file = await choose(['openFile'], [{ name: 'Documents', extensions: documentExtensions }]);
        if (!file) return;
        sendToWindow({ type: 'menu-command', command: 'open-picked-document', pickId: service.holdPickedFile(file, 'document'), path: file });
      }),
    openWorkspace: () =>
      void report('Opening the workspace', async () => {
        const dir = await choose(['openDirectory']);
        if (!dir) return;
        await service.request('workspaceOpen', { dir }, { transport: 'electron' });
        sendToWindow({ type: 'menu-command', command: 'show-workspace', dir });
      }),
    importFolder: () =>
      void report('Importing the folder', async () => {
        const folder = await choose(['openDirectory']);
        if (!folder) return;
        await service.request('workspaceImportFolder', { path: folder, mode: 'copy' }, { transport: 'electron' });
        const { dir } = await service.request('workspaceInfo', {}, { transport: 'electron' });
        if (dir) sendToWindow({ type: 'menu-command', command: 'show-workspace', dir });
      }),
    // The dialog is main's; what the file is for, the window asks (the Models screen's chooser),
    // then imports the pick by its id: the renderer never names the path.
    importModel: () =>
      void report('Importing the model', async () => {
        const file = await choose(['openFile'], [{ name: 'GGUF models and adapters', extensions: ['gguf'] }]);
        if (!file) return;
        sendToWindow({ type: 'menu-command', command: 'choose-model-purpose', pickId: service.holdPickedFile(file, 'model'), path: file });
      }),
    // The renderer holds the segmentation being exported; it asks for the file and saves it.
    exportResult: () => sendToWindow({ type: 'menu-command', command: 'export' }),
  };
}
