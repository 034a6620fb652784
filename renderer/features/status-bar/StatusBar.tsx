/**
 * The window's bottom line: where the shown document's corrections are kept (the workspace
 * folder, an exported file, or nowhere), with an "unsaved" mark when hand corrections would be
 * lost on leaving, and a one-click way to keep them when a workspace is open.
 */
import { addOpenDocumentToWorkspace } from '../../services/workspace';
import { useWorkspaceStore } from '../../stores/workspace';
import { hasUnsavedCorrections, useSaveLocation, type SaveLocation } from '../workspace/save-location';
import './status-bar.css';
import { useSession } from '../../stores/session';

const WORKSPACE_STATUS = { none: 'saved', pending: 'saving…', saved: 'saved', failed: 'NOT saved' } as const;

function describe(location: SaveLocation): { text: string; title: string } {
  switch (location.kind) {
    case 'workspace': {
      const file = `${location.dir}/documents/${location.workspaceDocumentId}/corrected.json`;
      const state = WORKSPACE_STATUS[location.status];
      return { text: `Corrections ${state} in the workspace ${location.dir}${location.error ? `: ${location.error}` : ''}`, title: file };
    }
    case 'exported':
      return {
        text: location.changedSince ? `Exported to ${location.fileName}; corrections since then are not saved` : `Corrections exported to ${location.fileName}`,
        title: 'Exported files hold the corrections as they were when exported',
      };
    case 'nowhere':
      return {
        text: location.edited ? 'Corrections not saved: export them or add the document to a workspace' : 'Not saved: corrections made here are kept only until the page closes',
        title: 'Open a workspace (serve --workspace DIR, or File › Open Workspace Folder) to keep corrections',
      };
  }
}

export function StatusBar() {
  const documentId = useSession((s) => s.documentId);
  const location = useSaveLocation();
  const workspaceDir = useWorkspaceStore((s) => s.dir);
  const workspaceOpen = workspaceDir !== null;
  // Between showing an opened document and its joining the workspace, "Not saved" would be untrue.
  const joiningId = useWorkspaceStore((s) => s.joining);
  const joining = joiningId !== null && joiningId === documentId && location.kind === 'nowhere';
  if (documentId === null) return null;
  const unsaved = hasUnsavedCorrections(location);
  const { text, title } = joining ? { text: `Adding the document to the workspace ${workspaceDir}…`, title: '' } : describe(location);
  return (
    <div className="status-bar-content" data-testid="status-bar" data-saved-in={joining ? 'joining' : location.kind} data-unsaved={unsaved}>
      {unsaved && (
        <span className="unsaved-mark" data-testid="unsaved-mark" title="Hand corrections that are neither saved nor exported">
          ● unsaved
        </span>
      )}
      <span className="save-location" data-testid="save-location" title={title}>
        {text}
      </span>
      {location.kind !== 'workspace' && workspaceOpen && !joining && (
        <button className="quiet" data-testid="status-add-to-workspace" onClick={() => void addOpenDocumentToWorkspace()}>
          Add to workspace
        </button>
      )}
    </div>
  );
}
