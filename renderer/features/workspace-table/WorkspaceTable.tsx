/**
 * The workspace as a table (the Workspace screen): every document with its state, strategies,
 * segment count, reviewed share and size; search by name, filter by state, sort by any column
 * (click its header, again to reverse); open a document (click, or Enter on its row; ↑ / ↓ move
 * between rows) or remove it. Rows are virtualised, so 5,000 documents cost as little as 50.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { openWorkspaceDocument } from '../../services/workspace';
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { useWorkspaceStore } from '../../stores/workspace';
import { numberFormat } from '../size-label';
import { removeWorkspaceDocument } from '../../services/remove-document';
import { rowOf, tableRows, type DocumentRow, type SortKey, type StateFilter } from './table-rows';
import { CORRECTED } from '../../../shared/workspace/schema';
import './workspace-table.css';
import { focusListRow } from '../focus-row';

const ROW_HEIGHT = 32;
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Document' },
  { key: 'state', label: 'State' },
  { key: 'strategies', label: 'Strategies' },
  { key: 'segments', label: 'Segments' },
  { key: 'reviewedShare', label: 'Reviewed' },
  { key: 'chars', label: 'Size' },
];

async function open(row: DocumentRow): Promise<void> {
  useUiStore.getState().showScreen('workbench');
  await openWorkspaceDocument(row.id);
}

function remove(row: DocumentRow): void {
  if (window.confirm(`Remove ${row.name} from the workspace? Its folder is moved aside, with its corrections.`)) void removeWorkspaceDocument(row.id, row.name);
}

export function WorkspaceTable() {
  const dir = useWorkspaceStore((s) => s.dir);
  const documents = useWorkspaceStore((s) => s.documents);
  const openId = useSession((s) => s.shownInWorkspace?.id ?? null);
  const [text, setText] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [sort, setSort] = useState<SortKey>('name');
  const [descending, setDescending] = useState(false);
  const all = useMemo(() => documents.map(rowOf), [documents]);
  const rows = useMemo(() => tableRows(all, { text, state, sort, descending }), [all, text, state, sort, descending]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12, useFlushSync: false });
  const focusRow = (at: number) => {
    virtualizer.scrollToIndex(at);
    focusListRow(scrollRef.current, `[data-position="${at}"]`);
  };
  const sortBy = (key: SortKey) => {
    if (key === sort) setDescending(!descending);
    else {
      setSort(key);
      setDescending(false);
    }
  };

  if (!dir) return <main className="workspace-table-screen"><p className="muted">No workspace is open: start the host with --workspace DIR.</p></main>;
  return (
    <main className="workspace-table-screen" data-testid="workspace-table" data-count={rows.length}>
      <div className="workspace-table-controls">
        <input type="search" data-testid="workspace-table-search" placeholder="Search documents" value={text} onChange={(e) => setText(e.target.value)} />
        <select data-testid="workspace-table-state" value={state} onChange={(e) => setState(e.target.value as StateFilter)} aria-label="State">
          <option value="all">Every state</option>
          <option value="untouched">Untouched</option>
          <option value="edited">Edited</option>
          <option value="reviewed">Reviewed</option>
        </select>
        <span className="muted" data-testid="workspace-table-count">
          {numberFormat.format(rows.length)} of {numberFormat.format(all.length)} documents · {dir}
        </span>
      </div>
      <div className="workspace-table-row head" role="row">
        {COLUMNS.map((c) => (
          <button key={c.key} role="columnheader" data-testid={`workspace-sort-${c.key}`} aria-sort={sort === c.key ? (descending ? 'descending' : 'ascending') : 'none'} onClick={() => sortBy(c.key)}>
            {c.label}
            {sort === c.key ? (descending ? ' ▼' : ' ▲') : ''}
          </button>
        ))}
        <span />
      </div>
      <div className="workspace-table-body" ref={scrollRef} role="table" aria-label="Workspace documents">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const r = rows[item.index]!;
            return (
              <div
                key={r.id}
                role="row"
                tabIndex={0}
                className={r.id === openId ? 'workspace-table-row open' : 'workspace-table-row'}
                style={{ transform: `translateY(${item.start}px)` }}
                data-testid="workspace-row"
                data-position={item.index}
                data-id={r.id}
                data-state={r.state}
                onClick={() => void open(r)}
                onKeyDown={(e) => {
                  if (e.target !== e.currentTarget) return;
                  if (e.key === 'Enter') void open(r);
                  else if (e.key === 'ArrowDown') focusRow(Math.min(rows.length - 1, item.index + 1));
                  else if (e.key === 'ArrowUp') focusRow(Math.max(0, item.index - 1));
                  else if (e.key === 'Delete') remove(r);
                  else return;
                  e.preventDefault();
                }}
              >
                <span className="name" title={r.name}>{r.name}</span>
                <span className={`state ${r.state}`}>{r.state}</span>
                <span title={r.strategies}>{r.strategies || '—'}</span>
                <span className="num" data-testid="workspace-row-segments" title={r.segmentsFrom === null ? 'No run or correction yet' : `Segments of ${r.segmentsFrom === CORRECTED ? 'the correction' : `the latest run (${r.segmentsFrom})`}`}>
                  {r.segments === null ? '—' : numberFormat.format(r.segments)}
                </span>
                <span className="num">{r.corrected ? `${Math.round(r.reviewedShare * 100)}% (${numberFormat.format(r.reviewed)})` : '—'}</span>
                <span className="num">{numberFormat.format(r.chars)} chars</span>
                <button
                  data-testid="workspace-row-remove"
                  title="Remove from the workspace (its folder is moved aside)"
                  onClick={(e) => {
                    e.stopPropagation();
                    remove(r);
                  }}
                >
                  Remove
                </button>
              </div>
            );
          })}
        </div>
      </div>
    </main>
  );
}
