/**
 * The comparison as one self-contained HTML file (no scripts, no external resources): the two
 * segmentations' agreement figures, the boundary diff, and the per-strategy bar charts.
 */
import { barChartSvg, escapeXml, formatValue } from './bar-chart';
import { boundaryMarks } from './boundary-diff';
import type { Comparison, StrategyFigures } from './compare';

export interface CompareReportInput {
  documentName: string;
  leftName: string;
  rightName: string;
  comparison: Comparison;
  figures: readonly StrategyFigures[];
  /** When the report was made (ISO), printed in it. */
  createdAt: string;
}

export function strategyCharts(figures: readonly StrategyFigures[]): string[] {
  return [
    barChartSvg('Segments', figures.map((f) => ({ label: f.name, value: f.segments }))),
    barChartSvg('Mean length', figures.map((f) => ({ label: f.name, value: f.meanChars })), 'chars'),
    barChartSvg('Time', figures.map((f) => ({ label: f.name, value: f.timeMs })), 'ms'),
  ];
}

export function compareReportHtml(input: CompareReportInput): string {
  const { evaluation: e, diff } = input.comparison;
  const rows: [string, string][] = [
    ['Pk (lower is better)', e.pk.toFixed(4)],
    ['WindowDiff (lower is better)', e.windowDiff.toFixed(4)],
    ['Boundary precision', e.precision.toFixed(4)],
    ['Boundary recall', e.recall.toFixed(4)],
    ['Boundary F1', e.f1.toFixed(4)],
    ['Window k', `${e.k} chars`],
    ['Tolerance', `${e.tolerance} chars`],
    ['Shared / left only / right only', `${diff.shared.length} / ${diff.leftOnly.length} / ${diff.rightOnly.length}`],
  ];
  const marks = boundaryMarks(diff)
    .map((m) => `<tr><td>${formatValue(m.offset)}</td><td class="${m.side}">${m.side === 'shared' ? 'shared' : `${m.side} only`}</td></tr>`)
    .join('');
  const esc = escapeXml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(`Compare: ${input.documentName}`)}</title>
<style>body{font-family:sans-serif;margin:2em;max-width:60em}table{border-collapse:collapse}td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}.shared{color:#2a7a2a}.left{color:#b05a00}.right{color:#1f5fbf}svg{display:block;margin:1em 0}</style>
</head><body>
<h1>${esc(input.documentName)}</h1>
<p>Left (reference): <b>${esc(input.leftName)}</b> (${e.reference.count} segments) &middot; Right: <b>${esc(input.rightName)}</b> (${e.predicted.count} segments) &middot; ${esc(input.createdAt)}</p>
<h2>Agreement</h2>
<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>
<h2>Strategies</h2>
${strategyCharts(input.figures).join('\n')}
<h2>Boundaries</h2>
<table><tr><th>Offset</th><th>Side</th></tr>${marks}</table>
</body></html>
`;
}
