import { BrowserWindow } from 'electron';
import { APP_ENTRY_URL } from './app-protocol';
import { secureWebPreferences } from './secure-web-preferences';

/** The one window, on our app:// origin; navigation and pop-ups are denied by hardenWebContents. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    title: 'Segment Workbench',
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
