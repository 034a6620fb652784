/**
 * "Leave out of export" for the current segment (a contents list, a licence, boilerplate): the
 * retrieval exports (JSON, JSONL, Markdown, CSV) skip it, the training exports keep it, the outline
 * strikes it through (exclude.css).
 */
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { toggleExcluded } from './exclude-actions';
import './exclude.css';

export function ExcludeToggle() {
  const index = useUiStore((s) => s.currentSegment);
  const excluded = useSession((s) => s.current?.segmentation.notes[index]?.excluded === true);
  const exists = useSession((s) => (s.current?.segmentation.notes.length ?? 0) > index);
  if (!exists) return null;
  return (
    <label className="exclude-toggle" title="Leave this segment out of the JSON, JSONL, Markdown and CSV exports; training exports keep it">
      <input type="checkbox" data-testid="exclude-segment" checked={excluded} onChange={() => toggleExcluded(index)} />
      Leave out of export
    </label>
  );
}
