/** Sending a hand correction to the workspace, or taking it back (the session store's autosave calls these). */
import type { ParamsOf } from '../../shared/ipc/contract';
import { workbench } from './workbench';

export function saveCorrectionToWorkspace(params: ParamsOf<'workspaceSaveCorrection'>): Promise<void> {
  return workbench().workspaceSaveCorrection(params).then(() => undefined);
}

/** The document has no correction any more (its edits were undone back to a machine result). */
export function clearCorrectionInWorkspace(workspaceDocumentId: string): Promise<void> {
  return workbench().workspaceClearCorrection({ workspaceDocumentId }).then(() => undefined);
}
