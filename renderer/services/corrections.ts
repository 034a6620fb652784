/** Sending a hand correction to the workspace (the session store's autosave calls it). */
import type { ParamsOf } from '../../shared/ipc/contract';
import { workbench } from './workbench';

export function saveCorrectionToWorkspace(params: ParamsOf<'workspaceSaveCorrection'>): Promise<void> {
  return workbench().workspaceSaveCorrection(params).then(() => undefined);
}
