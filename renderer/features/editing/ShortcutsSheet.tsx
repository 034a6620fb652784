/** The list of editing shortcuts ("?"), generated from the same table the keys are handled by. */
import { useEditingStore } from './editing-store';
import { SHORTCUTS } from './shortcuts';
import { REVIEW_SHORTCUTS } from '../review/review-keys';

export function ShortcutsSheet() {
  const open = useEditingStore((s) => s.shortcutsOpen);
  if (!open) return null;
  return (
    <div className="shortcuts-backdrop" onClick={() => useEditingStore.getState().toggleShortcuts(false)}>
      <div className="shortcuts-sheet" role="dialog" aria-label="Keyboard shortcuts" data-testid="shortcuts-sheet" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {[...SHORTCUTS, ...REVIEW_SHORTCUTS].map((s) => (
              <tr key={s.keys}>
                <th>
                  <kbd>{s.keys}</kbd>
                </th>
                <td>{s.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Dragging a boundary snaps to sentence and line starts; hold Alt to drag freely.</p>
      </div>
    </div>
  );
}
