/**
 * A served workbench on a new workspace holding one Markdown document, opened and segmented with
 * the default strategy: the start of every e2e file that corrects one document.
 */
import { WorkspaceService } from '../../../electron/services/workspace/workspace-service';
import { openServedWorkbench, type ServedWorkbench } from './served-workbench';

export async function servedWorkspaceWith(dir: string, name: string, text: string): Promise<ServedWorkbench & { documentId: string }> {
  const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text, sourceFormat: 'md' }) });
  const documentId = (await ws.addDocument({ name, text, sourceFormat: 'md' })).id;
  await ws.close();
  const served = await openServedWorkbench({ args: ['--workspace', dir] });
  // The workspace's document opens instead of the sample, segmented with the default strategy.
  await served.session.waitForDocument(name);
  await served.session.waitForRunStatus(['done']);
  return { ...served, documentId };
}
