/**
 * One row per segment, in order. Every row is in the DOM (cheap rows), so tests read
 * `data-start`/`data-end` off all of them without scrolling. Clicking a row reveals its segment;
 * the row under the editor's cursor is highlighted and kept in view.
 */
import { memo, useEffect, useRef, type RefObject } from 'react';
import { numberFormat, sizeLabel, useSegments } from '../../stores/segments';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';

export function Outline() {
  const segments = useSegments();
  const listRef = useRef<HTMLOListElement>(null);

  return (
    <Panel
      title="Outline"
      className="outline"
      label="Outline"
      meta={
        <span className="panel-meta" data-testid="segment-count">
          {numberFormat.format(segments.length)} segments
        </span>
      }
    >
      {segments.length === 0 ? (
        <p className="empty">No segments yet.</p>
      ) : (
        <ol className="outline-list" ref={listRef}>
          {segments.map((s) => (
            <OutlineRow
              key={`${s.start}:${s.end}`}
              index={s.index}
              start={s.start}
              end={s.end}
              head={s.head}
              topic={s.topic}
              reviewed={s.reviewed === true}
            />
          ))}
        </ol>
      )}
      <FollowCursor listRef={listRef} />
    </Panel>
  );
}

/** Keeps the cursor's row in view; its own component so cursor moves do not re-render the list. */
function FollowCursor({ listRef }: { listRef: RefObject<HTMLOListElement | null> }) {
  const current = useUiStore((s) => s.currentSegment);
  useEffect(() => {
    const row = listRef.current?.children[current];
    if (row instanceof HTMLElement) row.scrollIntoView({ block: 'nearest' });
  }, [current, listRef]);
  return null;
}

interface RowProps {
  index: number;
  start: number;
  end: number;
  head: string;
  topic: string | undefined;
  reviewed: boolean;
}

/** Plain props, so an edit re-renders only the rows whose segment changed. */
const OutlineRow = memo(function OutlineRow({ index, start, end, head, topic, reviewed }: RowProps) {
  const isCurrent = useUiStore((s) => s.currentSegment === index);
  return (
    <li
      className={isCurrent ? 'outline-item current' : 'outline-item'}
      data-testid="outline-item"
      data-index={index}
      data-start={start}
      data-end={end}
      aria-current={isCurrent ? 'true' : undefined}
      tabIndex={0}
      onClick={() => useUiStore.getState().reveal(index)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        useUiStore.getState().reveal(index);
      }}
    >
      {/* Flat spans in a grid: 5,000 rows, so every element saved counts. */}
      <span className="outline-index">{index + 1}</span>
      {/* The topic when there is one, else the first words. */}
      <span className={topic ? 'outline-topic' : 'outline-head-only'} title={topic ?? head}>
        {topic ?? (head || '(blank)')}
        {reviewed && <span className="badge">reviewed</span>}
      </span>
      {topic && (
        <span className="outline-head" title={head}>
          {head}
        </span>
      )}
      <span className="outline-size">
        {sizeLabel(end - start)}
      </span>
    </li>
  );
});
