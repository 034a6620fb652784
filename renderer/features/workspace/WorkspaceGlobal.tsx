/**
 * Mounted once for the window: workspace events, the "leave with unsaved corrections?" guard,
 * and the window title's unsaved mark. (Hand edits are saved by the session store's actions.)
 */
import { useEffect } from 'react';
import { workbench } from '../../services/workbench';
import { hasUnsavedCorrections, installLeaveGuard, useSaveLocation } from './save-location';
import { handleWorkspaceEvent } from './workspace';

const TITLE = document.title;

export function WorkspaceGlobal() {
  useEffect(() => {
    const stops = [installLeaveGuard(), workbench().onEvent(handleWorkspaceEvent)];
    return () => stops.forEach((stop) => stop());
  }, []);
  const unsaved = hasUnsavedCorrections(useSaveLocation());
  useEffect(() => {
    document.title = unsaved ? `● ${TITLE} (unsaved corrections)` : TITLE;
  }, [unsaved]);
  return null;
}
