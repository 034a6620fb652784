/** The current segment, for hand correction: its start boundary to drag, and its topic and summary. */
import { BoundaryStrip } from './BoundaryStrip';
import { NoteEditor } from './NoteEditor';

export function SegmentEditor() {
  return (
    <section className="panel segment-editor" aria-label="Edit segment" data-testid="segment-editor">
      <header className="panel-header">
        <h2>Edit segment</h2>
      </header>
      <BoundaryStrip />
      <NoteEditor />
    </section>
  );
}
