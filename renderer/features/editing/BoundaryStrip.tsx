/**
 * Dragging a boundary: the stretch between its two neighbours drawn as a bar, sentence and line
 * starts as ticks, the boundary as a handle. Dragging snaps to the ticks; holding Alt drags
 * freely. The whole drag is one undo step; Escape abandons it.
 */
import { useRef, useState } from 'react';
import { moveBoundary } from '../../../shared/edit/operations';
import { snapPointsBetween } from '../../../shared/edit/snap-points';
import { useUiStore } from '../../stores/ui';
import { activeBoundary } from './actions';
import { useSession } from '../../stores/session';

const MAX_TICKS = 300;

/** Line breaks shown as symbols, so the context stays on one line. */
const visible = (s: string) => s.replace(/\r\n|\r|\n/g, '⏎');
const CONTEXT = 40;

export function BoundaryStrip() {
  const text = useSession((s) => s.text);
  const segmentation = useSession((s) => s.current?.segmentation ?? null);
  useUiStore((s) => s.currentSegment);
  const barRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const b = segmentation ? activeBoundary() : null;
  if (!segmentation || b === null) return <div className="boundary-strip empty">No boundary to move</div>;

  const at = segmentation.boundaries[b] as number;
  const lo = b === 0 ? 0 : (segmentation.boundaries[b - 1] as number);
  const hi = b === segmentation.boundaries.length - 1 ? text.length : (segmentation.boundaries[b + 1] as number);
  const span = Math.max(1, hi - lo);
  const ticks = snapPointsBetween(text, lo, hi);
  const shownTicks = ticks.length > MAX_TICKS ? ticks.filter((_, i) => i % Math.ceil(ticks.length / MAX_TICKS) === 0) : ticks;

  const offsetAt = (clientX: number): number => {
    const rect = barRef.current!.getBoundingClientRect();
    return Math.round(lo + ((clientX - rect.left) / Math.max(1, rect.width)) * span);
  };

  const onPointerDown = (e: React.PointerEvent) => {
    e.preventDefault();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    useSession.getState().beginDrag('move boundary');
    setDragging(true);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!dragging) return;
    const offset = offsetAt(e.clientX);
    useSession.getState().dragTo((t, s) => moveBoundary(t, s, b, offset, { snap: !e.altKey }));
  };
  const onPointerUp = () => {
    if (!dragging) return;
    setDragging(false);
    useSession.getState().endDrag();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (dragging && e.key === 'Escape') {
      setDragging(false);
      useSession.getState().cancelDrag();
    }
  };

  return (
    <div className="boundary-strip" data-testid="boundary-strip" data-boundary={b} data-offset={at} data-lo={lo} data-hi={hi} onKeyDown={onKeyDown}>
      <div className="boundary-context">
        <span className="before">…{visible(text.slice(Math.max(lo, at - CONTEXT), at))}</span>
        <span className="cut" aria-hidden="true">|</span>
        <span className="after">{visible(text.slice(at, Math.min(hi, at + CONTEXT)))}…</span>
      </div>
      <div className="boundary-bar" ref={barRef} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}>
        {shownTicks.map((t) => (
          <span key={t} className="tick" style={{ left: `${((t - lo) / span) * 100}%` }} />
        ))}
        <button
          className={dragging ? 'handle dragging' : 'handle'}
          data-testid="boundary-handle"
          title="Drag to move this boundary (snaps to sentence and line starts; hold Alt to move freely)"
          style={{ left: `${((at - lo) / span) * 100}%` }}
          onPointerDown={onPointerDown}
        />
      </div>
    </div>
  );
}
