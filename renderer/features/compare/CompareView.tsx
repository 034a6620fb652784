/**
 * Compare side by side (issue 31, item 2): opened from the Compare panel, it covers the whole
 * workbench. Two columns show the same text, each with one result's segments as bands and its
 * boundaries at their characters; they scroll together by text offset. Prev / Next (or N /
 * Shift+N) step through the disagreements (boundaries one side has and the other lacks, from
 * shared/compare/parallel-bands), scrolling both columns there and marking it; the first Next goes
 * to the first. Esc or Close returns to the editor.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { compareSegmentations } from '../../../shared/compare/compare';
import { disagreementsOf, parallelPieces, partAt, pieceBlocks, stepIndex, type Disagreement } from '../../../shared/compare/parallel-bands';
import { useSession } from '../../stores/session';
import { useChoices, useChosenPair, useCompareChoice, type Choice } from './compare-choice';
import { CompareSide, type Side } from './CompareSide';
import { scrollTopFor, topOf, type FlowPlace } from './scroll-sync';
import './compare-view.css';

/** Where a stepped-to disagreement is put: this far down the column, so the lines before it show too. */
const REVEAL_AT = 1 / 3;

function ChoiceSelect({ testId, value, choices, onChange }: { testId: string; value: string; choices: readonly Choice[]; onChange(key: string): void }) {
  return (
    <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
      {choices.map((c) => (
        <option key={c.key} value={c.key}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** Every tick drawn once per comparison; stepping moves only the one "current" marker over them. */
const Ticks = memo(function Ticks({ list, length, go }: { list: readonly Disagreement[]; length: number; go(index: number): void }) {
  return (
    <>
      {list.map((d, i) => (
        <span key={`${d.side}-${d.offset}`} className={`cmp-tick cmp-only-${d.side}`} style={{ left: `${(d.offset / length) * 100}%` }} data-offset={d.offset} onClick={() => go(i)} />
      ))}
    </>
  );
});

function DisagreementMap({ list, length, at, go }: { list: readonly Disagreement[]; length: number; at: number | null; go(index: number): void }) {
  const total = Math.max(1, length);
  return (
    <div className="cmp-map" data-testid="compare-view-map" title="The disagreements along the document: click one to go there">
      <Ticks list={list} length={total} go={go} />
      {at !== null && <span className="cmp-tick current" style={{ left: `${(at / total) * 100}%` }} />}
    </div>
  );
}

function close(): void {
  useCompareChoice.getState().setViewOpen(false);
}

export function CompareView() {
  const open = useCompareChoice((s) => s.viewOpen);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    root.current?.focus({ preventScroll: true });
    // Esc closes even when the focus has left the view (a click on the page around it).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  if (!open) return null;
  return (
    <div className="compare-view" role="dialog" aria-label="Compare side by side" data-testid="compare-view" tabIndex={-1} ref={root}>
      <CompareViewBody />
    </div>
  );
}

function CompareViewBody() {
  const choices = useChoices();
  const text = useSession((s) => s.text);
  const tolerance = useCompareChoice((s) => s.tolerance);
  const { left, right } = useChosenPair(choices);
  if (!left || !right) {
    return (
      <>
        <header className="cmp-bar-row">
          <h2>Compare</h2>
          <span className="muted">Keep two or more results (run another strategy with “keep”) to compare them.</span>
          <span className="cmp-spacer" />
          <button data-testid="compare-view-close" onClick={close}>
            Close (Esc)
          </button>
        </header>
      </>
    );
  }
  return <ComparePair key={`${left.key}|${right.key}|${tolerance}`} choices={choices} left={left} right={right} text={text} tolerance={tolerance} />;
}

function ComparePair({ choices, left, right, text, tolerance }: { choices: readonly Choice[]; left: Choice; right: Choice; text: string; tolerance: number }) {
  const a = left.result.segmentation;
  const b = right.result.segmentation;
  const comparison = useMemo(() => compareSegmentations(text, a, b, { tolerance }), [text, a, b, tolerance]);
  const list = useMemo(() => disagreementsOf(comparison.diff), [comparison]);
  const pieces = useMemo(() => parallelPieces(text.length, a.boundaries, b.boundaries, tolerance), [text.length, a, b, tolerance]);
  const blocks = useMemo(() => pieceBlocks(text, pieces), [text, pieces]);
  const [at, setAt] = useState<number | null>(null);
  const panes = { left: useRef<HTMLDivElement>(null), right: useRef<HTMLDivElement>(null) };
  const flows = { left: useRef<HTMLDivElement>(null), right: useRef<HTMLDivElement>(null) };
  // The scrollTop each column was last put at by the other, so its own echo of that is not followed back.
  const placed = useRef<Record<Side, number | null>>({ left: null, right: null });

  const startOf = (at: FlowPlace) => blocks[at.block]?.parts[at.part]?.start ?? 0;
  /** Puts `place` of the text `below` px under the top of `side`'s column. */
  const place = (side: Side, at: FlowPlace, below = 0) => {
    const pane = panes[side].current;
    const flow = flows[side].current;
    if (!pane || !flow) return;
    pane.scrollTop = scrollTopFor(pane, flow, at) - below;
    placed.current[side] = pane.scrollTop;
    pane.dataset.topOffset = String(startOf(topOf(pane, flow)));
  };

  const follow = (from: Side) => {
    const to: Side = from === 'left' ? 'right' : 'left';
    const src = panes[from].current;
    const srcFlow = flows[from].current;
    if (!src || !srcFlow) return;
    const echo = placed.current[from];
    placed.current[from] = null;
    if (echo !== null && Math.abs(src.scrollTop - echo) < 1) return;
    const top = topOf(src, srcFlow);
    src.dataset.topOffset = String(startOf(top));
    place(to, top);
  };

  const current = at === null ? null : list[at] ?? null;
  // The disagreement stepped to, marked in both columns (by the DOM: redrawing every piece to move one mark would be slow).
  useEffect(() => {
    if (!current) return;
    const marked: Element[] = [];
    for (const flow of [flows.left.current, flows.right.current]) {
      flow?.querySelectorAll(`.cmp-bar[data-offset="${current.offset}"]`).forEach((el) => {
        el.setAttribute('data-current', 'true');
        marked.push(el);
      });
    }
    return () => marked.forEach((el) => el.removeAttribute('data-current'));
  }, [current]);

  const go = (index: number | null) => {
    if (index === null) return;
    setAt(index);
    const at = { ...partAt(blocks, list[index]!.offset), into: 0 };
    for (const side of ['left', 'right'] as const) place(side, at, (panes[side].current?.clientHeight ?? 0) * REVEAL_AT);
  };
  const step = (direction: 1 | -1) => go(stepIndex(list.length, at, direction));
  // One function for the map's lifetime, so its thousands of ticks are not redrawn at each step.
  const goLatest = useRef(go);
  goLatest.current = go;
  const goFromMap = useCallback((index: number) => goLatest.current(index), []);

  const onKeyDown = (e: ReactKeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key.toLowerCase() === 'n') {
      e.preventDefault();
      step(e.shiftKey ? -1 : 1);
    }
  };

  const { setLeftKey, setRightKey, setTolerance } = useCompareChoice.getState();
  const e = comparison.evaluation;
  return (
    <div className="cmp-body" onKeyDown={onKeyDown}>
      <header className="cmp-bar-row">
        <h2>Compare</h2>
        <label>
          Left <ChoiceSelect testId="compare-view-left" value={left.key} choices={choices} onChange={setLeftKey} />
        </label>
        <label>
          Right <ChoiceSelect testId="compare-view-right" value={right.key} choices={choices.filter((c) => c !== left)} onChange={setRightKey} />
        </label>
        <label title="Boundaries this close count as the same">
          Tolerance <input className="cmp-tolerance" data-testid="compare-view-tolerance" type="number" min={0} value={tolerance} onChange={(ev) => setTolerance(Number(ev.target.value) || 0)} /> chars
        </label>
        <span className="cmp-figures muted" data-testid="compare-view-figures" title="Left as the reference, as cli eval --gold LEFT --pred RIGHT">
          F1 {e.f1.toFixed(3)} · Pk {e.pk.toFixed(3)} · WindowDiff {e.windowDiff.toFixed(3)}
        </span>
        <span className="cmp-spacer" />
        <button data-testid="compare-view-prev" disabled={list.length === 0} onClick={() => step(-1)} title="Previous disagreement (Shift+N)">
          ← Prev
        </button>
        <span className="cmp-position" data-testid="compare-disagreement-count" data-count={list.length}>
          {list.length === 0 ? (
            'the two agree everywhere'
          ) : (
            <>
              <span data-testid="compare-view-position" data-index={at ?? ''} data-offset={current?.offset ?? ''} data-side={current?.side ?? ''}>
                {at === null ? '–' : at + 1}
              </span>{' '}
              of {list.length.toLocaleString('en-US')} disagreements
            </>
          )}
        </span>
        <button className="primary" data-testid="compare-view-next" disabled={list.length === 0} onClick={() => step(1)} title="Next disagreement (N)">
          Next →
        </button>
        <button data-testid="compare-view-close" onClick={close} title="Back to the editor (Esc)">
          Close
        </button>
      </header>
      <DisagreementMap list={list} length={text.length} at={current?.offset ?? null} go={goFromMap} />
      <div className="cmp-columns">
        <CompareSide side="left" label={left.label} segments={a.notes.length} onlyHere={comparison.diff.leftOnly.length} text={text} pieces={pieces} blocks={blocks} paneRef={panes.left} flowRef={flows.left} onScroll={() => follow('left')} />
        <CompareSide side="right" label={right.label} segments={b.notes.length} onlyHere={comparison.diff.rightOnly.length} text={text} pieces={pieces} blocks={blocks} paneRef={panes.right} flowRef={flows.right} onScroll={() => follow('right')} />
      </div>
    </div>
  );
}
