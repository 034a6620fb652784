/**
 * Mounted once for the window: the "leave with unsaved corrections?" guard and the window
 * title's unsaved mark. (Hand edits are saved by the session store's actions; workspace events
 * reach services/workspace.ts through start-up's event dispatch.)
 */
import { useEffect } from 'react';
import { hasUnsavedCorrections, installLeaveGuard, useSaveLocation } from './save-location';

const TITLE = document.title;

export function WorkspaceGlobal() {
  useEffect(() => {
    return installLeaveGuard();
  }, []);
  const unsaved = hasUnsavedCorrections(useSaveLocation());
  useEffect(() => {
    document.title = unsaved ? `● ${TITLE} (unsaved corrections)` : TITLE;
  }, [unsaved]);
  return null;
}
