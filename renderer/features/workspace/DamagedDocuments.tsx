/**
 * The workspace documents one of whose files cannot be read, under the workspace's list: which
 * file and why, with Repair (set the damaged file aside, or rebuild the record from the copied
 * text) and Remove (move the document's folder to removed/). Nothing is deleted either way.
 */
import { useEffect, useState } from 'react';
import type { DamagedWorkspaceDocument } from '../../../shared/workspace/types';
import { listDamagedDocuments, repairDocument } from '../../services/workspace';
import { useWorkspaceStore } from '../../stores/workspace';

const REPAIR_HINT: Record<NonNullable<DamagedWorkspaceDocument['repair']>, string> = {
  'set-aside': 'Set the damaged file aside (renamed *.damaged-…) and keep the rest of the document',
  'rebuild-record': "Rebuild the document's record from its copied text (the damaged one is kept as *.damaged-…)",
  reanchor: "Take the text now in source.txt as the document's text, and re-anchor its runs and correction onto it",
};

export function DamagedDocuments() {
  const dir = useWorkspaceStore((s) => s.dir);
  const documents = useWorkspaceStore((s) => s.documents);
  const [damaged, setDamaged] = useState<DamagedWorkspaceDocument[]>([]);

  useEffect(() => {
    let current = true;
    if (!dir) return setDamaged([]);
    // A failed check is reported and keeps the list shown.
    void listDamagedDocuments().then((list) => current && list && setDamaged(list));
    return () => {
      current = false;
    };
  }, [dir, documents]);


  if (damaged.length === 0) return null;
  return (
    <div className="workspace-damaged" data-testid="workspace-damaged">
      <p className="error">{damaged.length === 1 ? '1 document is damaged' : `${damaged.length} documents are damaged`}; the others are usable.</p>
      <ul>
        {damaged.map((d) => (
          <li key={d.id} data-testid="damaged-document" data-id={d.id}>
            <span title={d.reason}>
              {d.file}: <span className="muted">{d.reason}</span>
            </span>
            <div className="button-row">
              <button data-testid="damaged-repair" disabled={d.repair === null} title={d.repair ? REPAIR_HINT[d.repair] : 'Nothing to rebuild it from: remove it'} onClick={() => void repairDocument(d, 'repair')}>
                Repair
              </button>
              <button data-testid="damaged-remove" title="Move the document's folder to removed/ in the workspace" onClick={() => void repairDocument(d, 'remove')}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
