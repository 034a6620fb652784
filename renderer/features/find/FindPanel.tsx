/**
 * Find your way in a long document: search the segments by text (and topic, summary), filter by
 * reviewed state or warnings, sort by length or tokens. Clicking a found segment (or Enter on it,
 * or Enter in the search box for the first) shows it; ↑ / ↓ move between rows. `/` in the
 * document puts the keyboard in the search box (review-keys.ts). The list is virtualised.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useSession } from '../../stores/session';
import { useSegments } from '../../stores/session/select-segments';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';
import { numberFormat, sizeLabel } from '../size-label';
import { useTokenCounts } from '../../stores/token-counts';
import { findSegments, warningsPerSegment, type SegmentFilter, type SegmentSort } from './find-segments';
import './find.css';
import { focusListRow } from '../focus-row';
import { useFindQueries } from './find-queries';

const ROW_HEIGHT = 40;

export function FindPanel() {
  const segments = useSegments();
  const text = useSession((s) => s.text);
  const resultWarnings = useSession((s) => s.current?.warnings);
  // The query belongs to its document: another document shows its own (empty at first), and
  // coming back shows what was typed for this one.
  const documentId = useSession((s) => s.documentId);
  const query = useFindQueries((s) => s.queries.get(documentId ?? '') ?? '');
  const setQuery = (value: string) => useFindQueries.getState().set(documentId ?? '', value);
  const [filter, setFilter] = useState<SegmentFilter>('all');
  const [sort, setSort] = useState<SegmentSort>('order');
  const deferredQuery = useDeferredValue(query);
  const warnings = useMemo(() => warningsPerSegment(segments, resultWarnings ?? []), [segments, resultWarnings]);
  const tokenCounts = useTokenCounts((s) => s.counts);
  const active = deferredQuery.trim() !== '' || filter !== 'all' || sort !== 'order';
  const found = useMemo(
    () => (active ? findSegments(text, segments, { text: deferredQuery, filter, sort }, (start, end) => tokenCounts.get(`${start}:${end}`) ?? null, warnings) : []),
    [active, text, segments, deferredQuery, filter, sort, warnings, tokenCounts],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: found.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8, useFlushSync: false });
  const show = (index: number) => useUiStore.getState().reveal(index);
  const focusRow = (at: number) => {
    virtualizer.scrollToIndex(at);
    focusListRow(scrollRef.current, `[data-position="${at}"]`);
  };

  return (
    <Panel title="Find" className="find-panel" label="Find segments" testId="find-panel" meta={active && <span className="panel-meta" data-testid="find-count" data-count={found.length}>{numberFormat.format(found.length)} found</span>}>
      <div className="find-controls">
        <input
          type="search"
          data-testid="find-text"
          placeholder="Search segments (/)"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && found[0]) show(found[0].segment.index);
            if (e.key === 'ArrowDown' && found[0]) {
              e.preventDefault();
              focusRow(0);
            }
          }}
        />
        <select data-testid="find-filter" value={filter} onChange={(e) => setFilter(e.target.value as SegmentFilter)} aria-label="Show">
          <option value="all">All segments</option>
          <option value="unreviewed">Not reviewed</option>
          <option value="reviewed">Reviewed</option>
          <option value="warnings">With warnings</option>
        </select>
        <select data-testid="find-sort" value={sort} onChange={(e) => setSort(e.target.value as SegmentSort)} aria-label="Sort by">
          <option value="order">Document order</option>
          <option value="longest">Longest first</option>
          <option value="shortest">Shortest first</option>
          <option value="most-tokens">Most tokens first</option>
          <option value="fewest-tokens">Fewest tokens first</option>
        </select>
      </div>
      {active && (
        <div className="find-list" ref={scrollRef} data-testid="find-list">
          <ol style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const f = found[item.index]!;
              return (
                <li
                  key={item.key}
                  className="find-item"
                  style={{ transform: `translateY(${item.start}px)` }}
                  tabIndex={0}
                  data-testid="find-result"
                  data-position={item.index}
                  data-index={f.segment.index}
                  data-chars={f.chars}
                  onClick={() => show(f.segment.index)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') show(f.segment.index);
                    else if (e.key === 'ArrowDown') focusRow(Math.min(found.length - 1, item.index + 1));
                    else if (e.key === 'ArrowUp') focusRow(Math.max(0, item.index - 1));
                    else return;
                    e.preventDefault();
                  }}
                >
                  <span className="find-index">{f.segment.index + 1}</span> {f.segment.topic ?? (f.segment.head || '(blank)')}
                  {f.segment.reviewed && <span className="badge">reviewed</span>}
                  {f.warnings > 0 && <span className="badge warn">{f.warnings} warning{f.warnings > 1 ? 's' : ''}</span>}
                  <br />
                  <span className="find-size">{sizeLabel(f.chars)}</span>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </Panel>
  );
}
