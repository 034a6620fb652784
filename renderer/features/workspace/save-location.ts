/**
 * Where the shown document's corrections are kept: in the workspace (autosaved), in an exported
 * file, or nowhere. Hand corrections that are neither saved nor exported are "unsaved": the
 * status bar marks them and leaving the page (reload, close) asks first.
 */
import { correctionsWaitingToBeSent } from '../../services/corrections';
import { useSession, type SaveStatus, type SessionState } from '../../stores/session';
import { useWorkspaceStore } from '../../stores/workspace';

export type SaveLocation =
  | { kind: 'workspace'; dir: string; workspaceDocumentId: string; status: SaveStatus; error: string | null }
  /** `changedSince`: hand corrections made after the export, which the file lacks. */
  | { kind: 'exported'; fileName: string; changedSince: boolean }
  /** `edited`: hand corrections were made since the document was opened. */
  | { kind: 'nowhere'; edited: boolean };

interface KeptState {
  /** The history revision of the last hand edit, undo or redo of the shown document. */
  editedRevision: number;
  /** The history revision when the shown document's corrections were last exported (or it was opened). */
  keptRevision: number;
  exportedTo: string | null;
}

export interface LocationInputs {
  kept: KeptState;
  workspaceDocumentId: string | null;
  saveStatus: SaveStatus;
  saveError: string | null;
  workspaceDir: string | null;
}

export function saveLocation({ kept, workspaceDocumentId, saveStatus, saveError, workspaceDir }: LocationInputs): SaveLocation {
  if (workspaceDocumentId && workspaceDir) return { kind: 'workspace', dir: workspaceDir, workspaceDocumentId, status: saveStatus, error: saveError };
  const changed = kept.editedRevision > kept.keptRevision;
  if (kept.exportedTo) return { kind: 'exported', fileName: kept.exportedTo, changedSince: changed };
  return { kind: 'nowhere', edited: changed };
}

/** Corrections that would be lost on leaving: not in the workspace (or its save failed) and not exported as they are. */
export function hasUnsavedCorrections(location: SaveLocation): boolean {
  switch (location.kind) {
    case 'workspace':
      return location.status === 'failed';
    case 'exported':
      return location.changedSince;
    case 'nowhere':
      return location.edited;
  }
}

function inputsOf(session: SessionState, workspaceDir: string | null): LocationInputs {
  const { revision, keptRevision, exportedTo, workspaceDocumentId, saveStatus, saveError } = session;
  return { kept: { editedRevision: revision, keptRevision, exportedTo }, workspaceDocumentId, saveStatus, saveError, workspaceDir };
}

export function currentSaveLocation(): SaveLocation {
  return saveLocation(inputsOf(useSession.getState(), useWorkspaceStore.getState().dir));
}

/** The same, as a React hook that re-renders when it changes. */
export function useSaveLocation(): SaveLocation {
  const revision = useSession((s) => s.revision);
  const keptRevision = useSession((s) => s.keptRevision);
  const exportedTo = useSession((s) => s.exportedTo);
  const workspaceDocumentId = useSession((s) => s.workspaceDocumentId);
  const saveStatus = useSession((s) => s.saveStatus);
  const saveError = useSession((s) => s.saveError);
  const workspaceDir = useWorkspaceStore((s) => s.dir);
  return saveLocation({ kept: { editedRevision: revision, keptRevision, exportedTo }, workspaceDocumentId, saveStatus, saveError, workspaceDir });
}

/**
 * Leaving with unsaved corrections asks first: the browser's own "leave site?" prompt on reload
 * or close; so does leaving while an edit waits in the page for the save on its way, before it
 * reached the host. In the desktop app the same beforeunload makes the main process ask (see
 * electron/main/leave-guard.ts). Returns the function that removes it.
 */
export function installLeaveGuard(): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!hasUnsavedCorrections(currentSaveLocation()) && !correctionsWaitingToBeSent()) return;
    event.preventDefault();
    // Older Chromium (and Electron) look at returnValue.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}
