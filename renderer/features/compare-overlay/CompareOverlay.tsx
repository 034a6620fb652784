/**
 * Compare in the text: both boundary sets drawn over the document view (shared, left only, right
 * only: three marks and three overview-ruler colours), and the buttons that step through the
 * disagreements (keys N / Shift+N, review-keys.ts). The Compare panel hands it its marks; it
 * keeps them in the overlay store and draws them as Monaco decorations while "Show in the text"
 * is ticked.
 */
import { useEffect } from 'react';
import type { BoundaryMark, BoundarySide } from '../../../shared/compare/boundary-diff';
import { onEditorHandle } from '../document-view/editor-handle';
import { monaco } from '../document-view/monaco';
import { useCompareOverlay } from './overlay-store';
import { stepToDisagreement } from './step';
import './compare-overlay.css';

const RULER: Record<BoundarySide, string> = { shared: '#2a7a2a', left: '#b05a00', right: '#1f5fbf' };
const TITLE: Record<BoundarySide, string> = { shared: 'Boundary on both sides', left: 'Boundary on the left only', right: 'Boundary on the right only' };

function decorations(marks: readonly BoundaryMark[], at: number | null, positionAt: (offset: number) => monaco.IPosition): monaco.editor.IModelDeltaDecoration[] {
  return marks.map((m) => {
    const from = positionAt(m.offset);
    const to = positionAt(m.offset + 1);
    const current = m.offset === at && m.side !== 'shared' ? ' cmp-current' : '';
    return {
      range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
      options: {
        inlineClassName: `cmp-mark cmp-${m.side}${current}`,
        // A band in the gutter as well: seen even where the marked character is a line break.
        linesDecorationsClassName: `cmp-line cmp-${m.side}`,
        hoverMessage: { value: TITLE[m.side] },
        overviewRuler: { color: RULER[m.side], position: m.side === 'right' ? monaco.editor.OverviewRulerLane.Right : monaco.editor.OverviewRulerLane.Left },
        stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
      },
    };
  });
}

/** Draws the overlay's marks in whichever editor is shown, while they are to be shown. */
function useOverlayDrawing(): void {
  const shown = useCompareOverlay((s) => s.shown);
  const marks = useCompareOverlay((s) => s.marks);
  const at = useCompareOverlay((s) => s.at);
  useEffect(() => {
    let collection: monaco.editor.IEditorDecorationsCollection | null = null;
    const stop = onEditorHandle((handle) => {
      collection?.clear();
      collection = null;
      if (!handle || !shown) return;
      const last = handle.editor.getModel()?.getValueLength() ?? 0;
      collection = handle.editor.createDecorationsCollection(decorations(marks, at, (o) => handle.lines.positionAt(Math.min(o, last))));
    });
    return () => {
      stop();
      collection?.clear();
    };
  }, [shown, marks, at]);
}

export function CompareOverlay({ marks }: { marks: readonly BoundaryMark[] }) {
  useEffect(() => useCompareOverlay.getState().setMarks(marks), [marks]);
  useEffect(() => () => useCompareOverlay.getState().setMarks([]), []);
  useOverlayDrawing();
  const shown = useCompareOverlay((s) => s.shown);
  const disagreements = useCompareOverlay((s) => s.disagreements);
  const at = useCompareOverlay((s) => s.at);
  const place = at === null ? 0 : disagreements.indexOf(at) + 1;
  return (
    <div className="compare-overlay" data-testid="compare-overlay" data-shown={shown} data-disagreements={disagreements.length}>
      <label className="setting">
        <input type="checkbox" data-testid="compare-overlay-show" checked={shown} onChange={(e) => useCompareOverlay.getState().setShown(e.target.checked)} />
        Show in the text
      </label>
      <span className="compare-overlay-step">
        <button data-testid="compare-previous" disabled={!shown || disagreements.length === 0} onClick={() => stepToDisagreement(-1)} title="Previous disagreement (Shift+N)">
          ← Prev
        </button>
        <span data-testid="compare-position" data-offset={at ?? ''}>
          {disagreements.length === 0 ? 'no disagreements' : `${place || '–'} of ${disagreements.length} disagreements`}
        </span>
        <button data-testid="compare-next" disabled={!shown || disagreements.length === 0} onClick={() => stepToDisagreement(1)} title="Next disagreement (N)">
          Next →
        </button>
      </span>
    </div>
  );
}
