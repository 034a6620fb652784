/** The toolbar's ways in: a file picker and pasted text, and how a file is read. Drag-and-drop lives in DropZone. */
import { useRef, useState } from 'react';
import { OPENABLE_EXTENSIONS, openFile, openPastedText, openSample } from '../../services/documents';
import { OFFERED_ENCODINGS } from '../../../shared/document/reader-report';
import { useUiStore } from '../../stores/ui';

/** Markdown or plain text, and the encoding: they apply to the next file opened. */
function ReadingSettings() {
  const reading = useUiStore((s) => s.reading);
  const update = useUiStore((s) => s.updateReading);
  return (
    <>
      <label className="quiet" title="Read HTML, DOCX and PDF as plain paragraphs instead of Markdown">
        <input type="checkbox" data-testid="read-plain" checked={reading.plain} onChange={(e) => update({ plain: e.target.checked })} /> Plain text
      </label>
      <select aria-label="Encoding" data-testid="read-encoding" title="Encoding of text and HTML files" value={reading.encoding} onChange={(e) => update({ encoding: e.target.value })}>
        <option value="">Encoding: auto</option>
        {OFFERED_ENCODINGS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </>
  );
}

export function OpenControls() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pasting, setPasting] = useState(false);
  return (
    <div className="open-controls">
      <input
        ref={inputRef}
        type="file"
        data-testid="open-file"
        className="visually-hidden"
        accept={OPENABLE_EXTENSIONS.join(',')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Reset so that picking the same file again still fires a change.
          e.target.value = '';
          if (file) void openFile(file);
        }}
      />
      <button onClick={() => inputRef.current?.click()}>Open file…</button>
      <button onClick={() => setPasting(true)}>Paste text…</button>
      <button className="quiet" onClick={() => void openSample()}>
        Sample
      </button>
      <ReadingSettings />
      {pasting && <PasteDialog onClose={() => setPasting(false)} />}
    </div>
  );
}

function PasteDialog({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Paste text"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2>Paste text</h2>
        <textarea
          data-testid="paste-text"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Paste or type the document here…"
        />
        <div className="button-row end">
          <button onClick={onClose}>Cancel</button>
          <button
            className="primary"
            data-testid="paste-open"
            disabled={text.length === 0}
            onClick={() => {
              onClose();
              void openPastedText(text);
            }}
          >
            Open
          </button>
        </div>
      </div>
    </div>
  );
}
