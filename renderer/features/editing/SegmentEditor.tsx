/** The current segment, for hand correction: its start boundary to drag, and its topic and summary. */
import { BoundaryStrip } from './BoundaryStrip';
import { NoteEditor } from './NoteEditor';
import { Panel } from '../Panel';
import { ExcludeToggle } from '../exclude/ExcludeToggle';

export function SegmentEditor() {
  return (
    <Panel title="Edit segment" className="segment-editor" label="Edit segment" testId="segment-editor">
      <BoundaryStrip />
      <NoteEditor />
      <ExcludeToggle />
    </Panel>
  );
}
