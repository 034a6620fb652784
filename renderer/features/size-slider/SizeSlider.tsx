/**
 * ChunkViz's size slider for the rule strategies: dragging it sets Max chars and runs the strategy
 * again at once (a structural run answers in milliseconds), so the analyst watches the chunks
 * follow the size. While a run is in flight the latest position waits and runs when it ends; the
 * Max chars field shows the value. Model strategies, which take minutes, get no slider.
 */
import { useEffect, useRef } from 'react';
import { startRun } from '../../services/runs';
import { isRunActive, useSession } from '../../stores/session';
import { useModelsStore } from '../../stores/models';
import { useUiStore } from '../../stores/ui';
import { runOptionsFrom } from '../run/run-options';
import { charsAt, positionOf, SLIDER_STEPS } from './slider-scale';

/** Runs the form's strategy with its options as they stand (the new Max chars included); never keeps the previous result. */
function rerun(): void {
  const form = useUiStore.getState().runForm;
  const strategy = useModelsStore.getState().strategies.find((s) => s.name === form.strategy);
  if (strategy?.kind !== 'rules') return;
  try {
    void startRun(form.strategy, { options: runOptionsFrom(form, strategy), keepPrevious: false });
  } catch {
    // A field the person is typing in is invalid: the Run button will say why.
  }
}

export function SizeSlider() {
  const strategy = useUiStore((s) => s.runForm.strategy);
  const maxChars = useUiStore((s) => s.runForm.maxChars ?? '');
  const kind = useModelsStore((s) => s.strategies.find((x) => x.name === strategy)?.kind);
  const active = useSession((s) => isRunActive(s.run.status));
  const hasDocument = useSession((s) => s.documentId !== null);
  // A position dragged to while a run was in flight: run it once that run ends.
  const pending = useRef(false);
  useEffect(() => {
    if (!active && pending.current) {
      pending.current = false;
      rerun();
    }
  }, [active]);
  if (kind !== 'rules' || !hasDocument) return null;
  const chars = Number(maxChars);
  return (
    <label className="field size-slider" title="Drag to re-run with this Max chars">
      <span>Max chars {maxChars === '' ? '(default)' : maxChars}</span>
      <input
        type="range"
        data-testid="max-chars-slider"
        min={0}
        max={SLIDER_STEPS}
        value={maxChars === '' || !Number.isFinite(chars) ? SLIDER_STEPS / 2 : positionOf(chars)}
        onChange={(e) => {
          useUiStore.getState().updateRunForm({ maxChars: String(charsAt(Number(e.target.value))) });
          if (isRunActive(useSession.getState().run.status)) pending.current = true;
          else rerun();
        }}
      />
    </label>
  );
}
