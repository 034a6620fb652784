/**
 * Closing or reloading the window with unsaved corrections asks first. The renderer knows what is
 * unsaved and says so the web's way, with a `beforeunload` handler (features/workspace/
 * save-location.ts), the same in a browser tab and here. A browser then asks by itself; Electron
 * instead cancels the unload silently and emits `will-prevent-unload`, where this asks the person
 * and, if they choose to leave, lets the unload go on. Quitting closes the window: the same path.
 */
import { dialog, type BrowserWindow } from 'electron';

export const LEAVE_BUTTONS = ['Leave without saving', 'Stay'] as const;

export function confirmLeavingWithUnsavedCorrections(window: BrowserWindow): void {
  window.webContents.on('will-prevent-unload', (event) => {
    // Synchronous: the unload goes on only if preventDefault is called before this returns.
    const choice = dialog.showMessageBoxSync(window, {
      type: 'warning',
      buttons: [...LEAVE_BUTTONS],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
      title: 'Unsaved corrections',
      message: 'The corrections to this document are not saved.',
      detail: 'They are neither in a workspace nor exported. Leave and lose them, or stay and export them (or add the document to a workspace)?',
    });
    if (choice === 0) event.preventDefault();
  });
}
