/**
 * A stand-in for the 'electron' module, just enough of its main-process API for the real main
 * bundle to start in Node and be driven from a test: it records what main registers (schemes,
 * protocol handlers, IPC handlers, the menu, windows and their listeners) and lets the test fire
 * what Electron would (IPC calls, navigation, pop-ups, permission requests, menu clicks).
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The app folder main sees as app.getAppPath(): a built renderer of one page. */
export const appRoot = mkdtempSync(path.join(os.tmpdir(), 'fake-electron-app-'));
mkdirSync(path.join(appRoot, 'renderer', 'dist'), { recursive: true });
writeFileSync(path.join(appRoot, 'renderer', 'dist', 'index.html'), '<!doctype html><title>fake app</title>');

export interface FakeFrame {
  url: string;
  processId: number;
  routingId: number;
}

export class FakeWebContents extends EventEmitter {
  readonly mainFrame: FakeFrame = { url: 'app://workbench/index.html', processId: 7, routingId: 1 };
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export const recorded = {
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
  menuTemplate: null as unknown,
  windows: [] as FakeBrowserWindow[],
  sandboxEnabled: false,
  permissionRequest: null as null | ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void),
  permissionCheck: null as null | ((...args: unknown[]) => boolean),
  devicePermission: null as null | ((...args: unknown[]) => boolean),
  dialogPaths: [] as string[],
  messageBoxes: [] as unknown[],
  /** Synchronous message boxes shown, and the button index the next ones answer with. */
  syncMessageBoxes: [] as unknown[],
  syncMessageBoxResponse: 0,
};

class FakeApp extends EventEmitter {
  isPackaged = false;
  getAppPath = () => appRoot;
  getPath = (name: string) => path.join(appRoot, `user-${name}`);
  enableSandbox = () => {
    recorded.sandboxEnabled = true;
  };
  requestSingleInstanceLock = () => true;
  whenReady = () => Promise.resolve();
  quit = () => {
    const event = { defaultPrevented: false, preventDefault() {
      this.defaultPrevented = true;
    } };
    this.emit('will-quit', event);
  };
}

export const app = new FakeApp();

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
    super();
    recorded.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  show = () => undefined;
  focus = () => undefined;
  restore = () => undefined;
}

export const fakeElectron = {
  app,
  BrowserWindow: FakeBrowserWindow,
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => recorded.privilegedSchemes.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => recorded.protocolHandlers.set(scheme, handler),
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (h: typeof recorded.permissionRequest) => (recorded.permissionRequest = h),
      setPermissionCheckHandler: (h: typeof recorded.permissionCheck) => (recorded.permissionCheck = h),
      setDevicePermissionHandler: (h: typeof recorded.devicePermission) => (recorded.devicePermission = h),
    },
  },
  ipcMain: {
    handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => recorded.ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => recorded.ipcHandlers.delete(channel),
  },
  Menu: {
    buildFromTemplate: (template: unknown) => template,
    setApplicationMenu: (menu: unknown) => (recorded.menuTemplate = menu),
  },
  dialog: {
    showOpenDialog: async () => {
      const next = recorded.dialogPaths.shift();
      return next ? { canceled: false, filePaths: [next] } : { canceled: true, filePaths: [] };
    },
    showMessageBox: async (...args: unknown[]) => {
      recorded.messageBoxes.push(args.at(-1));
      return { response: 0 };
    },
    showMessageBoxSync: (...args: unknown[]) => {
      recorded.syncMessageBoxes.push(args.at(-1));
      return recorded.syncMessageBoxResponse;
    },
  },
};
