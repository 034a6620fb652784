/** The learning-curve report for people: a terminal table and a self-contained HTML page with bar charts. */
import { barChartSvg, escapeXml as escapeHtml, type Bar } from '../../shared/compare/bar-chart';
import { formatRatio } from '../report/format';
import { formatTable } from '../report/table';
import { describeMachine, type MachineInfo } from '../machine';
import type { CurvePoint, Scores } from './learning-curve';

export interface LearnReport {
  corpus: { name: string; dir: string; documents: number; seed: string };
  /** The embedding model whose cosine drops were among the features (file name), or null. */
  embeddingModel: string | null;
  /** Seconds to compute every document's candidate features once (embeddings included). */
  featureSeconds: number;
  curve: CurvePoint[];
  machine: MachineInfo;
  date: string;
  command: string;
}

const HEADERS = ['training docs', 'test docs', 'strategy', 'Pk', 'WindowDiff', 'P', 'R', 'F1', 'train time'];

function rows(report: LearnReport): string[][] {
  const line = (p: CurvePoint, name: string, s: Scores, time: string) => [String(p.k), String(p.testDocuments), name, formatRatio(s.pk), formatRatio(s.windowDiff), formatRatio(s.precision), formatRatio(s.recall), formatRatio(s.f1), time];
  return report.curve.flatMap((p) => [line(p, 'learned', p.learned, `${p.trainSeconds.toFixed(2)} s`), ...Object.entries(p.baselines).map(([name, s]) => line(p, name, s, '-'))]);
}

function embeddingNote(report: LearnReport): string {
  return report.embeddingModel ? `with the embedding features of ${report.embeddingModel}` : 'no embedding features';
}

export function learnTable(report: LearnReport): string {
  return [
    `corpus ${report.corpus.name}: ${report.corpus.documents} documents (${report.corpus.dir}); features of all documents in ${report.featureSeconds.toFixed(1)} s; ${embeddingNote(report)}`,
    formatTable(HEADERS, rows(report)),
    'Each row: mean over 3 seeded splits; train on k documents, test on all the others. Pk, WindowDiff: mean over test documents (lower is better); P/R/F1: exact boundary offsets, over the test documents.',
  ].join('\n') + '\n';
}

function charts(report: LearnReport): string[] {
  const last = report.curve.at(-1);
  const chart = (title: string, value: (s: Scores) => number) => {
    const bars: Bar[] = [
      ...report.curve.map((p): Bar => ({ label: `learned, k=${p.k}`, value: value(p.learned) })),
      ...Object.entries(last?.baselines ?? {}).map(([name, s]): Bar => ({ label: `${name} (k=${last?.k} split)`, value: value(s) })),
    ];
    return barChartSvg(title, bars);
  };
  return [chart('Pk (lower is better)', (s) => s.pk), chart('WindowDiff (lower is better)', (s) => s.windowDiff), chart('Boundary F1', (s) => s.f1)];
}

export function learnHtml(report: LearnReport): string {
  const table = ['<table><thead><tr>', ...HEADERS.map((h) => `<th>${escapeHtml(h)}</th>`), '</tr></thead><tbody>', ...rows(report).map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`), '</tbody></table>'].join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Segment Workbench: learning curve on ${escapeHtml(report.corpus.name)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; font-size: 13px; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: right; }
td:nth-child(3) { text-align: left; }
.charts { display: flex; flex-wrap: wrap; gap: 24px; }
.meta { color: #555; font-size: 13px; }
code { background: #f4f4f4; padding: 1px 4px; }
</style></head><body>
<h1>Learning curve of <code>learned</code> on <code>${escapeHtml(report.corpus.name)}</code></h1>
<p class="meta">${report.corpus.documents} documents, corpus seed ${escapeHtml(report.corpus.seed)}; ${escapeHtml(embeddingNote(report))}. Train on k documents of a seeded shuffle, test on all the others; mean over 3 splits. The model-free strategies are scored on the same test documents.<br>
Machine: ${escapeHtml(describeMachine(report.machine))}.<br>
Date: ${escapeHtml(report.date)}. Command: <code>${escapeHtml(report.command)}</code></p>
${table}
<div class="charts">
${charts(report).join('\n')}
</div>
</body></html>
`;
}
