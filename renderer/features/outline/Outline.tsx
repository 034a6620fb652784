/**
 * One row per segment, in order, virtualized: only the rows in view (and a few around them) are
 * in the DOM, so a 5,000-segment document costs as little to edit as a short one. Each row
 * carries `data-index`, `data-start` and `data-end`; the list carries `data-count` (all the
 * segments), so tests read every row by scrolling the list (test/e2e/support/page-reads.ts).
 * Clicking a row reveals its segment; the row under the editor's cursor is highlighted and
 * scrolled into view. The handle on a row's top edge drags the boundary where its segment starts
 * (outline-drag.ts).
 */
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useUiStore } from '../../stores/ui';
import { Panel } from '../Panel';
import { handleOutlineKey } from './outline-keys';
import { startOutlineDrag, type OutlineDrag, type RowSpan } from './outline-drag';
import { numberFormat, sizeLabel } from '../size-label';
import { useSegments, type SegmentView } from '../../stores/session/select-segments';
import { overLimit, useLimitTokenCounts, type OverLimit } from './over-limit';
import { useSizeLimits } from '../../stores/size-limits';
import { useTokenCount } from '../../stores/token-counts';

/**
 * Row heights are fixed by the stylesheet (three lines with a topic, two without), so the list
 * knows every row's place without measuring the DOM: measuring rows made each edit recompute all
 * 5,000 offsets several times over. Keep in step with `.outline-item` in styles/app.css.
 */
const ROW_HEIGHT_TOPIC = 62;
const ROW_HEIGHT_PLAIN = 44;
const OVERSCAN_ROWS = 10;

export function Outline() {
  const segments = useSegments();
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
      {segments.length === 0 ? <p className="empty">No segments yet.</p> : <OutlineList segments={segments} />}
    </Panel>
  );
}

type ListVirtualizer = Virtualizer<HTMLDivElement, HTMLLIElement>;

function OutlineList({ segments }: { segments: readonly SegmentView[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const limits = useSizeLimits();
  const limitTokens = useLimitTokenCounts();
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: segments.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (segments[i]?.topic ? ROW_HEIGHT_TOPIC : ROW_HEIGHT_PLAIN),
    // Rows are keyed by position; a new function per segment list makes the virtualizer recompute
    // the offsets (a topic added or removed changes a row's height) once per edit, not per render.
    getItemKey: useCallback((i: number) => i, [segments]),
    overscan: OVERSCAN_ROWS,
    // React 19 warns about flushSync inside its own renders; a frame's delay on scroll is fine.
    useFlushSync: false,
  });
  const [dragging, setDragging] = useState(false);
  const drag = useRef<OutlineDrag | null>(null);

  /** Content y (inside the scrolled list) under a pointer event. */
  const contentY = (clientY: number) => {
    const list = scrollRef.current!;
    return clientY - list.getBoundingClientRect().top + list.scrollTop;
  };

  // Stable (the virtualizer is one instance), so the memoised rows do not re-render for it.
  const onHandleDown = useCallback(
    (boundary: number, e: React.PointerEvent<HTMLElement>) => {
      e.preventDefault();
      e.stopPropagation();
      const rowAt = (y: number): RowSpan | undefined => {
        const item = virtualizer.getVirtualItemForOffset(Math.max(0, y));
        return item && { index: item.index, top: item.start, height: item.size };
      };
      drag.current = startOutlineDrag(boundary, rowAt);
      if (!drag.current) return;
      e.currentTarget.setPointerCapture(e.pointerId);
      e.currentTarget.focus();
      setDragging(true);
    },
    [virtualizer],
  );
  const onPointerMove = (e: React.PointerEvent) => drag.current?.moveTo(contentY(e.clientY), e.altKey);
  const stop = (commit: boolean) => {
    if (!drag.current) return;
    if (commit) drag.current.end();
    else drag.current.cancel();
    drag.current = null;
    setDragging(false);
  };

  return (
    <div
      className={dragging ? 'outline-list dragging' : 'outline-list'}
      ref={scrollRef}
      data-testid="outline-list"
      data-count={segments.length}
      onPointerMove={onPointerMove}
      onPointerUp={() => stop(true)}
      onPointerCancel={() => stop(true)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') stop(false);
      }}
    >
      <ol style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const s = segments[item.index]!;
          return (
            <OutlineRow
              key={item.key}
              top={item.start}
              index={s.index}
              start={s.start}
              end={s.end}
              head={s.head}
              topic={s.topic}
              reviewed={s.reviewed === true}
              continues={s.continues}
              excluded={s.excluded === true}
              overLimit={overLimit(s.end - s.start, limitTokens.get(`${s.start}:${s.end}`) ?? null, limits)}
              onHandleDown={onHandleDown}
            />
          );
        })}
      </ol>
      <FollowCursor virtualizer={virtualizer} scrollRef={scrollRef} />
    </div>
  );
}

/**
 * Keeps the cursor's row in view; its own component so cursor moves do not re-render the list.
 * It reads the row's place from the virtualizer and scrolls only when the row is out of view (the
 * virtualizer's own scrollToIndex reads the list's scroll height, a forced layout, every time).
 */
function FollowCursor({ virtualizer, scrollRef }: { virtualizer: ListVirtualizer; scrollRef: RefObject<HTMLDivElement | null> }) {
  const current = useUiStore((s) => s.currentSegment);
  useEffect(() => {
    const list = scrollRef.current;
    const row = virtualizer.measurementsCache[current];
    if (!list || !row) return;
    const top = virtualizer.scrollOffset ?? list.scrollTop;
    const height = virtualizer.scrollRect?.height ?? list.clientHeight;
    if (row.start < top) list.scrollTop = row.start;
    else if (row.end > top + height) list.scrollTop = row.end - height;
  }, [current, virtualizer, scrollRef]);
  return null;
}

interface RowProps {
  /** Where the row sits in the list's content, in px. */
  top: number;
  index: number;
  start: number;
  end: number;
  head: string;
  topic: string | undefined;
  reviewed: boolean;
  /** The block this segment continues, cut to keep a size limit. */
  continues: string | undefined;
  /** Left out of the retrieval exports: struck through (features/exclude). */
  excluded: boolean;
  /** Over the Max chars or Max tokens the person set (over-limit.ts), or null. */
  overLimit: OverLimit;
  onHandleDown: (boundary: number, e: React.PointerEvent<HTMLElement>) => void;
}

/** Plain props, so an edit re-renders only the rows whose segment changed. */
const OutlineRow = memo(function OutlineRow({ top, index, start, end, head, topic, reviewed, continues, excluded, overLimit, onHandleDown }: RowProps) {
  const isCurrent = useUiStore((s) => s.currentSegment === index);
  const tokens = useTokenCount(start, end);
  const classes = [
    'outline-item',
    index % 2 ? 'odd' : 'even',
    topic ? 'with-topic' : '',
    isCurrent ? 'current' : '',
    overLimit ? 'over-limit' : '',
    reviewed ? 'reviewed' : '',
    excluded ? 'excluded' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classes}
      style={{ transform: `translateY(${top}px)` }}
      data-testid="outline-item"
      data-index={index}
      data-start={start}
      data-end={end}
      data-reviewed={reviewed ? 'true' : 'false'}
      data-over-limit={overLimit ? 'true' : undefined}
      data-excluded={excluded ? 'true' : undefined}
      data-over-limit-by={overLimit ?? undefined}
      aria-current={isCurrent ? 'true' : undefined}
      tabIndex={0}
      onClick={() => useUiStore.getState().reveal(index)}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget || !handleOutlineKey(e, index, Number(e.currentTarget.closest<HTMLElement>('[data-testid="outline-list"]')?.dataset.count ?? 0))) return;
        e.preventDefault();
      }}
    >
      {index > 0 && (
        <button
          type="button"
          className="outline-boundary-handle"
          data-testid="outline-boundary-handle"
          data-boundary={index - 1}
          aria-label={`Drag the boundary before segment ${index + 1}`}
          title="Drag to move this boundary over the outline (snaps to sentence and line starts; hold Alt to move freely; Escape cancels)"
          onPointerDown={(e) => onHandleDown(index - 1, e)}
          onClick={(e) => e.stopPropagation()}
        />
      )}
      {/*
        One block of nowrap lines, broken by <br>: the row's own overflow clip puts an ellipsis on
        each line. A clip per line (a span each with its own overflow) cost every edit's frame about
        0.7 ms more, in the browser's layerization of those clips (bench:ui, 5,000 segments).
      */}
      <span className="outline-index">{index + 1}</span>
      {/* Reviewed: a check by the number (and the row's green edge), visible at a glance. */}
      {reviewed && (
        <span className="outline-reviewed-mark" data-testid="outline-reviewed-mark" title="Reviewed" aria-label="reviewed">
          ✓
        </span>
      )}
      {/* The topic when there is one, else the first words. */}
      <span className={topic ? 'outline-topic' : 'outline-head-only'} title={topic ?? head}>
        {topic ?? (head || '(blank)')}
        {reviewed && <span className="badge">reviewed</span>}
        {continues && (
          <span className="badge" title={`continues the ${continues} above, cut to keep the size limit`}>
            ↳ {continues}
          </span>
        )}
      </span>
      <br />
      {topic && (
        <>
          <span className="outline-head" title={head}>
            {head}
          </span>
          <br />
        </>
      )}
      <span className="outline-size">
        {sizeLabel(end - start, tokens)}
        {overLimit && (
          <span
            className="badge over-limit-badge"
            title={`${overLimit === 'chars' ? 'Longer than Max chars' : 'More tokens than Max tokens'} (Run panel); L goes to the next`}
          >
            over limit
          </span>
        )}
      </span>
    </li>
  );
});
