/**
 * Removing a healthy document from the workspace, through the service's remove (the same one the
 * damaged-documents list uses): its folder is moved aside, not deleted.
 */
import { reportError } from './errors';
import { refreshWorkspace } from './workspace';
import { workbench } from './workbench';
import { useUiStore } from '../stores/ui';

export async function removeWorkspaceDocument(id: string, name: string): Promise<boolean> {
  try {
    const report = await workbench().workspaceRepairDocument({ workspaceDocumentId: id, action: 'remove' });
    useUiStore.getState().notify('info', `Removed ${name} from the workspace (moved to ${report.movedTo})`);
    return true;
  } catch (err) {
    reportError(`Could not remove ${name}`, err);
    return false;
  } finally {
    await refreshWorkspace();
  }
}
