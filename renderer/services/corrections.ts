/**
 * Sending hand corrections to the workspace, or taking them back (the session store's autosave
 * calls these): as changes from the correction saved last, through ./correction-sync.ts.
 */
import type { Segmentation } from '../../shared/document/types';
import { CorrectionSync, type CorrectionToSave, type JoinedListener } from './correction-sync';
import { workbench } from './workbench';

export type { CorrectionToSave } from './correction-sync';

const joinedListeners = new Set<JoinedListener>();
let sync = newSync();

function newSync(): CorrectionSync {
  const made = new CorrectionSync({
    save: (params) => workbench().workspaceSaveCorrection(params),
    clear: (workspaceDocumentId) => workbench().workspaceClearCorrection({ workspaceDocumentId }),
    read: (workspaceDocumentId) => workbench().workspaceReadCorrection({ workspaceDocumentId }),
  });
  made.onJoined((...args) => joinedListeners.forEach((listener) => listener(...args)));
  return made;
}

/**
 * Tells `listener` of another page's change the host wrote together with one of this page's
 * saves (the session store shows it). Returns the function that stops it.
 */
export function onCorrectionJoined(listener: JoinedListener): () => void {
  joinedListeners.add(listener);
  return () => joinedListeners.delete(listener);
}

/**
 * Saves the document's correction, or (null) says it has none any more: its edits were undone
 * back to a machine result. Resolves once that, or what was asked after it, is on disk.
 */
export function saveCorrectionToWorkspace(workspaceDocumentId: string, correction: CorrectionToSave | null): Promise<void> {
  return sync.save(workspaceDocumentId, correction);
}

/** Resolves once no save of the document is on its way (opening it again waits for them). */
export function correctionsSettled(workspaceDocumentId: string): Promise<void> {
  return sync.settled(workspaceDocumentId);
}

/** The page was given the document with this correction (null: none it can edit): the next save is a change from it. */
export function noteCorrectionOpened(workspaceDocumentId: string, corrected: { revision: number; segmentation: Segmentation } | null): void {
  sync.opened(workspaceDocumentId, corrected);
}

/**
 * True while a correction waits in the page for the save on its way (at most about a second):
 * the host has not got it yet, so leaving the page now would lose it.
 */
export function correctionsWaitingToBeSent(): boolean {
  return sync.waiting;
}

/** For tests: a fresh page, which holds no base for any document. */
export function resetCorrectionSync(): void {
  sync = newSync();
}
