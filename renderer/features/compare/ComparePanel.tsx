/**
 * Compare any two segmentations of the open document (the one shown and those kept beside it,
 * such as other strategies or a run against the hand-corrected one): Pk, WindowDiff and boundary
 * F1 from the same function as `cli eval`, a merged map of shared / left-only / right-only
 * boundaries, the per-strategy bar charts, and the same as an HTML report.
 */
import { useMemo } from 'react';
import { boundaryMarks } from '../../../shared/compare/boundary-diff';
import { compareSegmentations, elapsedMsOf, strategyFigures } from '../../../shared/compare/compare';
import { compareReportHtml, strategyCharts } from '../../../shared/compare/report';
import { segmentIndexAt } from '../../../shared/document/segmentation';
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { CompareOverlay } from '../compare-overlay/CompareOverlay';
import { useChoices, useChosenPair, useCompareChoice } from './compare-choice';
import './compare.css';

function download(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

export function ComparePanel() {
  const choices = useChoices();
  const text = useSession((s) => s.text);
  const tolerance = useCompareChoice((s) => s.tolerance);
  const { setLeftKey, setRightKey, setTolerance } = useCompareChoice.getState();
  const { left, right } = useChosenPair(choices);
  const comparison = useMemo(
    () => (left && right ? compareSegmentations(text, left.result.segmentation, right.result.segmentation, { tolerance }) : null),
    [text, left, right, tolerance],
  );
  // Only when there is something to compare: with one result it would re-sort every segment length on each edit.
  const figures = useMemo(
    () => (choices.length < 2 ? [] : choices.map((c) => strategyFigures(c.label, text, c.result.segmentation, elapsedMsOf(c.result.meta)))),
    [choices, text],
  );
  const marks = useMemo(() => (comparison ? boundaryMarks(comparison.diff) : []), [comparison]);

  if (choices.length < 2 || !left || !right || !comparison) {
    return (
      <section className="panel compare-panel" aria-label="Compare" data-testid="compare-panel">
        <header className="panel-header">
          <h2>Compare</h2>
        </header>
        <p className="muted">Keep two or more results (run another strategy with “keep”) to compare them.</p>
      </section>
    );
  }
  const e = comparison.evaluation;
  const exportReport = () =>
    download(
      'compare-report.html',
      compareReportHtml({ documentName: left.result.document.name, leftName: left.label, rightName: right.label, comparison, figures, createdAt: new Date().toISOString() }),
      'text/html',
    );
  const select = (testId: string, value: string, onChange: (v: string) => void) => (
    <select data-testid={testId} value={value} onChange={(ev) => onChange(ev.target.value)}>
      {choices.map((c) => (
        <option key={c.key} value={c.key}>
          {c.label}
        </option>
      ))}
    </select>
  );
  const figure = (testId: string, label: string, value: number) => (
    <tr>
      <th>{label}</th>
      <td data-testid={testId} data-value={value}>
        {value.toFixed(4)}
      </td>
    </tr>
  );
  return (
    <section className="panel compare-panel" aria-label="Compare" data-testid="compare-panel">
      <header className="panel-header">
        <h2>Compare</h2>
      </header>
      <div className="compare-choose">
        <label>
          Left (reference) {select('compare-left', left.key, setLeftKey)}
        </label>
        <label>
          Right {select('compare-right', right.key, setRightKey)}
        </label>
        <label>
          Tolerance <input data-testid="compare-tolerance" type="number" min={0} value={tolerance} onChange={(ev) => setTolerance(Number(ev.target.value) || 0)} /> chars
        </label>
      </div>
      <button className="primary" data-testid="compare-open-view" onClick={() => useCompareChoice.getState().setViewOpen(true)} title="Both segmentations side by side, full width">
        Side by side
      </button>
      <table className="compare-figures">
        <tbody>
          {figure('compare-pk', 'Pk', e.pk)}
          {figure('compare-windowdiff', 'WindowDiff', e.windowDiff)}
          {figure('compare-f1', 'Boundary F1', e.f1)}
          {figure('compare-precision', 'Precision', e.precision)}
          {figure('compare-recall', 'Recall', e.recall)}
        </tbody>
      </table>
      <p className="compare-legend">
        <span className="shared">■ shared {comparison.diff.shared.length}</span> <span className="left">■ left only {comparison.diff.leftOnly.length}</span>{' '}
        <span className="right">■ right only {comparison.diff.rightOnly.length}</span>
      </p>
      <div className="compare-map" data-testid="compare-map" title="Boundaries along the document: click one to show it">
        {marks.map((m) => (
          <span
            key={`${m.side}-${m.offset}`}
            className={`mark ${m.side}`}
            data-testid="compare-mark"
            data-side={m.side}
            data-offset={m.offset}
            style={{ left: `${(m.offset / Math.max(1, text.length)) * 100}%` }}
            onClick={() => useUiStore.getState().reveal(segmentIndexAt(useSession.getState().current!.segmentation, m.offset))}
          />
        ))}
      </div>
      <CompareOverlay marks={marks} />
      <div className="compare-charts" data-testid="compare-charts">
        {strategyCharts(figures).map((svg, i) => (
          // The SVG is built from escaped text by shared/compare/bar-chart.
          <div key={i} dangerouslySetInnerHTML={{ __html: svg }} />
        ))}
      </div>
      <button data-testid="compare-export" onClick={exportReport}>
        Export HTML report
      </button>
    </section>
  );
}
