/** Inline editing of the current segment's topic and summary: saved on Enter or on leaving the field, dropped on Esc. */
import { useEffect, useRef, useState } from 'react';
import { useUiStore } from '../../stores/ui';
import { editSummary, editTopic } from './actions';
import { useEditingStore } from './editing-store';
import { useSession } from '../../stores/session';

function Field({ field, index, value, multiline }: { field: 'topic' | 'summary'; index: number; value: string; multiline: boolean }) {
  const [draft, setDraft] = useState(value);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // Set by Esc (and by Enter, which has saved already) so that the blur that follows saves nothing.
  const settled = useRef(false);
  const focusField = useEditingStore((s) => s.focusField);
  useEffect(() => setDraft(value), [value, index]);
  useEffect(() => {
    if (focusField?.field === field) ref.current?.focus();
  }, [focusField, field]);
  const save = () => {
    if (draft !== value) (field === 'topic' ? editTopic : editSummary)(index, draft);
  };
  const leave = (target: HTMLElement) => {
    settled.current = true;
    target.blur();
    settled.current = false;
  };
  const props = {
    ref,
    'data-testid': `segment-${field}`,
    value: draft,
    placeholder: field === 'topic' ? 'Topic' : 'Summary',
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft(e.target.value),
    onBlur: () => {
      if (!settled.current) save();
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        save();
        leave(e.target as HTMLElement);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        setDraft(value);
        leave(e.target as HTMLElement);
      }
    },
  };
  return multiline ? <textarea rows={2} {...props} /> : <input type="text" {...props} />;
}

export function NoteEditor() {
  const index = useUiStore((s) => s.currentSegment);
  const note = useSession((s) => s.current?.segmentation.notes[index] ?? null);
  if (!note) return null;
  return (
    <div className="note-editor" aria-label={`Segment ${index + 1} notes`}>
      <Field field="topic" index={index} value={note.topic ?? ''} multiline={false} />
      <Field field="summary" index={index} value={note.summary ?? ''} multiline />
    </div>
  );
}
