/** Drop a file anywhere on the window to open it. */
import { useState, type ReactNode } from 'react';
import { openFile } from '../../services/documents';

function carriesFiles(e: React.DragEvent): boolean {
  return e.dataTransfer.types.includes('Files');
}

export function DropZone({ children }: { children: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className="drop-zone"
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target || !e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) void openFile(file);
      }}
    >
      {children}
      {over && (
        <div className="drop-overlay" aria-hidden="true">
          Drop to open (.txt, .md, .html, .pdf, .docx)
        </div>
      )}
    </div>
  );
}
