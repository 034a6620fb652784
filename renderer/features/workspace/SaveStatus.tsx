/** Whether the last hand edit of a workspace document is on disk yet (shown in the editing toolbar). */
import { useSession } from '../../stores/session';
import './workspace.css';

const SAVE_LABELS = { none: '', pending: 'Saving…', saved: 'Saved', failed: 'Not saved' } as const;

export function SaveStatus() {
  const saveStatus = useSession((s) => s.saveStatus);
  const saveError = useSession((s) => s.saveError);
  const savesToWorkspace = useSession((s) => s.workspaceDocumentId !== null);
  if (!savesToWorkspace) return null;
  return (
    <span className={`save-status ${saveStatus}`} data-testid="save-status" data-status={saveStatus} title={saveError ?? ''}>
      {SAVE_LABELS[saveStatus]}
    </span>
  );
}
