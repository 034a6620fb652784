/**
 * One row per segment, in order. Every row is in the DOM (cheap rows, painted lazily through
 * `content-visibility`), so tests read `data-start`/`data-end` off all of them without scrolling.
 * Clicking a row reveals its segment; the row under the editor's cursor is highlighted and kept
 * in view.
 */
import { memo, useEffect, useRef } from 'react';
import type { Segment } from '../../../shared/document/types';
import { approxTokens, useSegments } from '../../stores/segments';
import { useUiStore } from '../../stores/ui';

const numberFormat = new Intl.NumberFormat('en-US');

export function Outline() {
  const segments = useSegments();
  const listRef = useRef<HTMLOListElement>(null);
  const current = useUiStore((s) => s.currentSegment);

  useEffect(() => {
    const row = listRef.current?.children[current];
    if (row instanceof HTMLElement) row.scrollIntoView({ block: 'nearest' });
  }, [current]);

  return (
    <section className="panel outline" aria-label="Outline">
      <header className="panel-header">
        <h2>Outline</h2>
        <span className="panel-meta" data-testid="segment-count">
          {numberFormat.format(segments.length)} segments
        </span>
      </header>
      {segments.length === 0 ? (
        <p className="empty">No segments yet.</p>
      ) : (
        <ol className="outline-list" ref={listRef}>
          {segments.map((s) => (
            <OutlineRow key={`${s.start}:${s.end}`} segment={s} />
          ))}
        </ol>
      )}
    </section>
  );
}

const OutlineRow = memo(function OutlineRow({ segment }: { segment: Segment }) {
  const isCurrent = useUiStore((s) => s.currentSegment === segment.index);
  const chars = segment.end - segment.start;
  return (
    <li
      className={isCurrent ? 'outline-item current' : 'outline-item'}
      data-testid="outline-item"
      data-index={segment.index}
      data-start={segment.start}
      data-end={segment.end}
      aria-current={isCurrent ? 'true' : undefined}
      onClick={() => useUiStore.getState().reveal(segment.index)}
    >
      <div className="outline-line">
        <span className="outline-index">{segment.index + 1}</span>
        <span className={segment.topic ? 'outline-topic' : 'outline-topic none'}>{segment.topic ?? 'untitled'}</span>
        {segment.reviewed && <span className="badge">reviewed</span>}
      </div>
      <div className="outline-head" title={segment.head}>
        {segment.head || '(blank)'}
      </div>
      <div className="outline-size">
        {numberFormat.format(chars)} chars · ~{numberFormat.format(approxTokens(chars))} tok
      </div>
    </li>
  );
});
