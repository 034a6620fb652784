/**
 * The editing buttons (in the window's toolbar): split, merge, delete, undo, redo, reviewed, next
 * unreviewed, a status the window places there (the workspace save status) and the shortcuts
 * sheet's button.
 */
import type { ReactNode } from 'react';
import { useUiStore } from '../../stores/ui';
import { deleteCurrentBoundary, goToNextUnreviewed, mergeNext, mergePrevious, redoEdit, splitHere, toggleReviewed, undoEdit } from './actions';
import { useEditingStore } from './editing-store';
import { historyStatus, useSession } from '../../stores/session';
import './editing.css';

export function EditingToolbar({ status: statusBadge }: { status?: ReactNode }) {
  const history = useSession((s) => s.history);
  const hasResult = useSession((s) => s.current !== null);
  const index = useUiStore((s) => s.currentSegment);
  const reviewed = useSession((s) => s.current?.segmentation.notes[index]?.reviewed === true);
  const status = historyStatus(history);

  return (
    <div className="editing-toolbar" data-testid="editing-toolbar">
      <div className="button-row">
        <button data-testid="split" disabled={!hasResult} onClick={() => splitHere()} title="Split at the cursor, or in the selected segment (S)">
          Split
        </button>
        <button data-testid="merge-previous" disabled={!hasResult || index === 0} onClick={() => mergePrevious()} title="Merge with the previous segment (Shift+M)">
          Merge ↑
        </button>
        <button data-testid="merge-next" disabled={!hasResult} onClick={() => mergeNext()} title="Merge with the next segment (M)">
          Merge ↓
        </button>
        <button data-testid="delete-boundary" disabled={!hasResult} onClick={() => deleteCurrentBoundary()} title="Delete the boundary at the segment's start (D)">
          Delete
        </button>
        <span className="separator" />
        <button data-testid="undo" disabled={!status.canUndo} onClick={undoEdit} title={status.undoLabel ? `Undo ${status.undoLabel} (Ctrl/Cmd+Z)` : 'Nothing to undo'}>
          Undo
        </button>
        <button data-testid="redo" disabled={!status.canRedo} onClick={redoEdit} title={status.redoLabel ? `Redo ${status.redoLabel} (Shift+Ctrl/Cmd+Z)` : 'Nothing to redo'}>
          Redo
        </button>
        <span className="separator" />
        <button data-testid="reviewed" aria-pressed={reviewed} disabled={!hasResult} onClick={() => toggleReviewed()} title="Mark this segment reviewed (R)">
          {reviewed ? '✓ Reviewed' : 'Reviewed'}
        </button>
        <button data-testid="next-unreviewed" disabled={!hasResult} onClick={() => goToNextUnreviewed()} title="Next unreviewed segment (U)">
          Unreviewed →
        </button>
        <span className="spacer" />
        {statusBadge}
        <button data-testid="shortcuts" onClick={() => useEditingStore.getState().toggleShortcuts()} title="Keyboard shortcuts (?)">
          ?
        </button>
      </div>
    </div>
  );
}
