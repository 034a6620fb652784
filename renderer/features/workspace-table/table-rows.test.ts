import { describe, expect, it } from 'vitest';
import { correctionState } from '../../../shared/workspace/correction-state';
import type { WorkspaceDocumentSummary } from '../../../shared/workspace/types';
import { rowOf, tableRows, type TableQuery } from './table-rows';

/** `runSegments`: the latest run's count, shown when there is no correction. */
const doc = (id: string, chars: number, corrected: WorkspaceDocumentSummary['corrected'], strategies: string[] = ['structural'], runSegments = 3): WorkspaceDocumentSummary => ({
  id,
  name: `${id}.md`,
  chars,
  sha256: '0'.repeat(64),
  sourceFormat: 'md',
  source: 'copy',
  strategies,
  corrected,
  shows: corrected ? { strategy: 'corrected', segments: corrected.segments } : strategies.length ? { strategy: strategies.at(-1)!, segments: runSegments } : null,
  state: correctionState(corrected),
});
const at = '2026-01-01T00:00:00.000Z';
const rows = [
  doc('beta', 300, null, ['learned'], 1),
  doc('alpha', 100, { revision: 1, editedAt: at, segments: 4, reviewed: 1 }, ['c99', 'structural']),
  doc('gamma', 200, { revision: 2, editedAt: at, segments: 2, reviewed: 2 }),
].map(rowOf);
const query = (change: Partial<TableQuery>): TableQuery => ({ text: '', state: 'all', sort: 'name', descending: false, ...change });
const ids = (q: TableQuery) => tableRows(rows, q).map((r) => r.id);

describe('workspace table rows', () => {
  it('says each document’s state and reviewed share', () => {
    expect(rows.map((r) => [r.id, r.state, r.reviewedShare, r.corrected])).toEqual([
      ['beta', 'untouched', 0, false],
      ['alpha', 'edited', 0.25, true],
      ['gamma', 'reviewed', 1, true],
    ]);
    expect(rows[1]!.strategies).toBe('c99, structural');
  });

  it('counts the segments of what the document opens with: its correction, else its latest run', () => {
    expect(rows.map((r) => [r.id, r.segments, r.segmentsFrom])).toEqual([
      ['beta', 1, 'learned'],
      ['alpha', 4, 'corrected'],
      ['gamma', 2, 'corrected'],
    ]);
    expect(rowOf(doc('delta', 10, null, [])).segments).toBeNull();
  });

  it('searches by name and filters by state', () => {
    expect(ids(query({ text: 'AL' }))).toEqual(['alpha']);
    expect(ids(query({ state: 'untouched' }))).toEqual(['beta']);
    expect(ids(query({ state: 'reviewed' }))).toEqual(['gamma']);
  });

  it('sorts by any column, either way', () => {
    expect(ids(query({}))).toEqual(['alpha', 'beta', 'gamma']);
    expect(ids(query({ sort: 'chars' }))).toEqual(['alpha', 'gamma', 'beta']);
    expect(ids(query({ sort: 'chars', descending: true }))).toEqual(['beta', 'gamma', 'alpha']);
    expect(ids(query({ sort: 'reviewedShare', descending: true }))).toEqual(['gamma', 'alpha', 'beta']);
    expect(ids(query({ sort: 'segments' }))).toEqual(['beta', 'gamma', 'alpha']);
    expect(ids(query({ sort: 'state' }))).toEqual(['beta', 'alpha', 'gamma']);
  });
});
