/**
 * Mounted once for the window: workspace autosave and events, following where the corrections
 * are kept, the "leave with unsaved corrections?" guard, and the window title's unsaved mark.
 */
import { useEffect } from 'react';
import { workbench } from '../../services/workbench';
import { installAutosave } from './autosave';
import { hasUnsavedCorrections, installLeaveGuard, trackCorrections, useSaveLocation } from './save-location';
import { handleWorkspaceEvent } from './workspace';

const TITLE = document.title;

export function WorkspaceGlobal() {
  useEffect(() => {
    const stops = [installAutosave(), trackCorrections(), installLeaveGuard(), workbench().onEvent(handleWorkspaceEvent)];
    return () => stops.forEach((stop) => stop());
  }, []);
  const unsaved = hasUnsavedCorrections(useSaveLocation());
  useEffect(() => {
    document.title = unsaved ? `● ${TITLE} (unsaved corrections)` : TITLE;
  }, [unsaved]);
  return null;
}
