/**
 * The Electron main process: one secure window showing the renderer from app://workbench/, the
 * workbench service behind one validated IPC channel, and the File menu. Bundled by
 * scripts/build-electron.ts to dist/electron/main.mjs (ESM, so node-llama-cpp can be imported).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, Menu, protocol, session } from 'electron';
import { createWorkbenchService } from '../services/workbench';
import { APP_SCHEME, createAppProtocolHandler } from './app-protocol';
import { createFileActions } from './file-actions';
import { connectIpc } from './ipc';
import { confirmLeavingWithUnsavedCorrections } from './leave-guard';
import { buildMenuTemplate } from './menu';
import { hardenSession, hardenWebContents } from './security';
import { createMainWindow } from './window';
import { echoLlamaLogs } from '../services/platform/llama-log';
import { hostSettingsFromEnvironment, runSettingsOf } from '../services/host/settings';
import { budgetsFromArgv } from '../argv/budgets';
import type { Budgets } from '../../shared/budgets/budgets';
import { errorMessage } from '../../shared/text/error-message';

// Must precede `ready`: app:// behaves like https (secure context, fetch, workers). Vite's
// `<script type="module" crossorigin>` fetches in CORS mode, which a custom scheme only allows
// when it is CORS-enabled; codeCache keeps V8's compiled code for the large bundle between starts.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
]);
app.enableSandbox();

const bundleDir = path.dirname(fileURLToPath(import.meta.url));
const appRoot = app.getAppPath();
// Packaged: electron-builder's extraResources put sample/ and profiles/ next to app.asar.
const resourcesDir = app.isPackaged ? process.resourcesPath : path.join(appRoot, 'resources');
// The environment is read here, once; a user's WORKBENCH_MODELS_DIR / WORKBENCH_PROFILES_DIR win, as on the command line.
const hostSettings = hostSettingsFromEnvironment();
echoLlamaLogs(hostSettings.debug);
const modelsDir = hostSettings.modelsDir ?? (app.isPackaged ? path.join(app.getPath('userData'), 'models') : path.join(appRoot, 'models'));
const profilesDir = hostSettings.profilesDir ?? path.join(resourcesDir, 'profiles');
// `npm start -- --max-depth 2000` (or the packaged app with the flag) raises a limit, as a refusal's message says.
const budgets = readBudgets(process.argv);

function readBudgets(argv: readonly string[]): Budgets {
  try {
    return budgetsFromArgv(argv);
  } catch (err) {
    dialog.showErrorBox('Segment Workbench', errorMessage(err));
    app.exit(2);
    throw err;
  }
}

// Documents are read and rule strategies run in worker threads, found by the service itself
// (electron/services/worker/worker-entries.ts: dist/electron/worker.mjs next to this bundle).
const service = createWorkbenchService({
  resourcesDir,
  modelsDir,
  profilesDir,
  remote: hostSettings.remote ?? null,
  settings: runSettingsOf(hostSettings),
  hub: hostSettings.hub,
  budgets,
});
let mainWindow: BrowserWindow | null = null;
const getWindow = () => mainWindow;

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });

  void app.whenReady().then(() => {
    hardenSession(session.defaultSession);
    protocol.handle(APP_SCHEME, createAppProtocolHandler(path.join(appRoot, 'renderer', 'dist')));
    connectIpc(service, getWindow);
    Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(createFileActions(service, getWindow), process.platform)));
    mainWindow = createMainWindow(path.join(bundleDir, 'preload.cjs'));
    confirmLeavingWithUnsavedCorrections(mainWindow);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  });

  app.on('window-all-closed', () => app.quit());

  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    disposed = true;
    void service.dispose().finally(() => app.quit());
  });
}
