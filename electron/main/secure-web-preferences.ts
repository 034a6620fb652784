import type { WebPreferences } from 'electron';

/**
 * The renderer runs as an untrusted web page: no Node, its own JavaScript world, Chromium's
 * sandbox, same-origin rules on. Its only door to the services is the preload's
 * `window.workbench`. Kept in its own module so a unit test asserts it without Electron running.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}
