/** Which corrected documents the batch exports and "Train from corrections" take: the person's choice. */
import type { CorrectionSelection } from '../../../shared/workspace/correction-state';
import { useWorkspaceStore } from '../../stores/workspace';

export function SelectionField() {
  const selection = useWorkspaceStore((s) => s.selection);
  const setSelection = useWorkspaceStore((s) => s.setSelection);
  return (
    <label className="setting" title="Training data is only what a person corrected: every edited document, or only those with every segment reviewed">
      Use
      <select data-testid="correction-selection" value={selection} onChange={(e) => setSelection(e.target.value as CorrectionSelection)}>
        <option value="edited">edited documents</option>
        <option value="reviewed">reviewed documents only</option>
      </select>
    </label>
  );
}
