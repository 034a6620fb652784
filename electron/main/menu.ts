import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openDocument(): void;
  openWorkspace(): void;
  importFolder(): void;
  importModel(): void;
  exportResult(): void;
}

/** The application menu. File actions run in main, where the native dialogs are. */
export function buildMenuTemplate(actions: MenuActions, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Document…', accelerator: 'CmdOrCtrl+O', click: () => actions.openDocument() },
      { label: 'Open Workspace Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.openWorkspace() },
      { label: 'Import Folder into Workspace…', click: () => actions.importFolder() },
      { label: 'Import Model File…', click: () => actions.importModel() },
      { type: 'separator' },
      { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => actions.exportResult() },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  return [
    ...(isMac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    file,
    // Undo/redo of segmentations are the renderer's own shortcuts; the Edit menu keeps copy/paste.
    { label: 'Edit', submenu: [{ role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }] },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}
