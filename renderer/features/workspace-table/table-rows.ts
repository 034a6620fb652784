/**
 * The workspace table's rows: one per document, with its state, strategies, segment counts,
 * reviewed share and size, and the search, filter and sort the table offers. Pure.
 */
import type { CorrectionState } from '../../../shared/workspace/correction-state';
import type { WorkspaceDocumentSummary } from '../../../shared/workspace/types';

/** The document's correction state, as the workspace service reports it (shared/workspace/correction-state.ts). */
export type DocumentState = CorrectionState;

export interface DocumentRow {
  id: string;
  name: string;
  state: DocumentState;
  strategies: string;
  /** The segment count of what opening the document shows (its correction, else its latest run); null with neither. */
  segments: number | null;
  /** Whose count that is: `corrected` or the run's strategy; null with neither. */
  segmentsFrom: string | null;
  /** Whether the document has a correction: only a correction is reviewed. */
  corrected: boolean;
  reviewed: number;
  /** reviewed / the correction's segments, 0 without a correction. */
  reviewedShare: number;
  chars: number;
}

export type SortKey = 'name' | 'state' | 'strategies' | 'segments' | 'reviewedShare' | 'chars';
export type StateFilter = 'all' | DocumentState;

export interface TableQuery {
  text: string;
  state: StateFilter;
  sort: SortKey;
  descending: boolean;
}

export function rowOf(d: WorkspaceDocumentSummary): DocumentRow {
  const c = d.corrected;
  const state = d.state;
  return {
    id: d.id,
    name: d.name,
    state,
    strategies: d.strategies.join(', '),
    segments: d.shows ? d.shows.segments : null,
    segmentsFrom: d.shows ? d.shows.strategy : null,
    corrected: c !== null,
    reviewed: c ? c.reviewed : 0,
    reviewedShare: c && c.segments > 0 ? c.reviewed / c.segments : 0,
    chars: d.chars,
  };
}

const STATE_ORDER: Record<DocumentState, number> = { untouched: 0, edited: 1, reviewed: 2 };

function compare(a: DocumentRow, b: DocumentRow, key: SortKey): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name);
    case 'strategies':
      return a.strategies.localeCompare(b.strategies);
    case 'state':
      return STATE_ORDER[a.state] - STATE_ORDER[b.state];
    case 'segments':
      return (a.segments ?? -1) - (b.segments ?? -1);
    default:
      return a[key] - b[key];
  }
}

export function tableRows(rows: readonly DocumentRow[], query: TableQuery): DocumentRow[] {
  const needle = query.text.trim().toLowerCase();
  const kept = rows.filter((r) => (query.state === 'all' || r.state === query.state) && (!needle || r.name.toLowerCase().includes(needle) || r.id.includes(needle)));
  const sign = query.descending ? -1 : 1;
  // Ties by name then id, so the order is the same on every render.
  return kept.sort((a, b) => sign * compare(a, b, query.sort) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
