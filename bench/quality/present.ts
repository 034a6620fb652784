/** The quality report for people: a terminal table and a self-contained HTML page. */
import { barChartSvg, escapeXml as escapeHtml, type Bar } from '../../shared/compare/bar-chart';
import { formatBytes, formatInt, formatRatio, formatSeconds } from '../report/format';
import { formatTable } from '../report/table';
import { describeMachine } from '../machine';
import type { QualityReport, StrategyFigures } from './types';

const HEADERS = ['strategy', 'docs', 'segments', 'mean chars', 'Pk', 'WindowDiff', 'P', 'R', 'F1', 'time', 'embeddings', 'top-1', 'top-3', 'ROUGE-L', 'warnings'];

function row(name: string, f: StrategyFigures): string[] {
  return [
    name,
    String(f.documents),
    formatInt(f.segments),
    formatInt(f.meanChars),
    formatRatio(f.pk),
    formatRatio(f.windowDiff),
    formatRatio(f.precision),
    formatRatio(f.recall),
    formatRatio(f.f1),
    formatSeconds(f.seconds),
    formatBytes(f.embeddingBytes),
    formatRatio(f.retrieval.top1),
    formatRatio(f.retrieval.top3),
    formatRatio(f.retrieval.rougeL),
    String(f.warnings),
  ];
}

function goldRow(report: QualityReport): string[] {
  const c = report.corpus;
  const g = c.goldRetrieval;
  return ['(gold)', String(c.documents), formatInt(c.goldSegments), formatInt(c.chars / c.goldSegments), '0', '0', '1', '1', '1', '-', formatBytes(c.goldSegments * report.settings.embeddingBytesPerSegment), formatRatio(g.top1), formatRatio(g.top3), formatRatio(g.rougeL), '-'];
}

function learnedNote(learned: NonNullable<QualityReport['learned']>): string {
  const embedding = learned.embeddingModel ? `, with the embeddings of ${learned.embeddingModel}` : '';
  return `learned: ${learned.modelFile}, trained on ${learned.trainedOn} documents${embedding}; ${learned.inCorpus} of them are in this corpus (not held out: bench learn measures on unseen documents)`;
}

export function qualityTable(report: QualityReport): string {
  const rows = Object.entries(report.strategies).map(([name, f]) => row(name, f));
  const lines = [
    `corpus ${report.corpus.name}: ${report.corpus.documents} documents, ${formatInt(report.corpus.chars)} chars, ${report.corpus.goldSegments} gold segments (${report.corpus.dir})`,
    formatTable(HEADERS, [...rows, goldRow(report)]),
    `Pk, WindowDiff: mean over documents, lower is better. P/R/F1: boundaries within ${report.settings.tolerance} chars of gold, over the corpus.`,
    `Retrieval: ${report.corpus.goldRetrieval.questions} generated questions, BM25 over each strategy's segments; top-k = answer sentence inside a top-k segment; ROUGE-L F1 of the top segment vs the answer.`,
    `Embeddings: segments x ${report.settings.embeddingBytesPerSegment} bytes (1024-dimension float32, as the seed).`,
    ...(report.learned ? [learnedNote(report.learned)] : []),
    ...report.skipped.map((s) => `skipped ${s.strategy}: ${s.reason}`),
    ...report.failed.map((f) => `FAILED ${f.strategy}: ${f.error}`),
  ];
  return lines.join('\n') + '\n';
}

/** The seed's three charts (time, segment count, embedding size), then the quality figures. */
function charts(report: QualityReport): string[] {
  const entries = Object.entries(report.strategies);
  const chart = (title: string, value: (f: StrategyFigures) => number, unit = ''): string =>
    barChartSvg(title, entries.map(([label, f]): Bar => ({ label, value: value(f) })), unit);
  return [
    chart('Segmentation time', (f) => f.seconds, 's'),
    chart('Segment count', (f) => f.segments),
    chart('Embedding size (segments × 1024 × 4 bytes)', (f) => f.embeddingBytes / 1024 / 1024, 'MB'),
    chart('Pk (lower is better)', (f) => f.pk),
    chart('WindowDiff (lower is better)', (f) => f.windowDiff),
    chart(`Boundary F1 (tolerance ${report.settings.tolerance} chars)`, (f) => f.f1),
    chart('Retrieval top-1 hit rate', (f) => f.retrieval.top1),
    chart('Retrieval top-3 hit rate', (f) => f.retrieval.top3),
    chart('ROUGE-L F1, top segment vs answer', (f) => f.retrieval.rougeL),
  ];
}

export function qualityHtml(report: QualityReport): string {
  const rows = [...Object.entries(report.strategies).map(([name, f]) => row(name, f)), goldRow(report)];
  const table = [
    '<table><thead><tr>',
    ...HEADERS.map((h) => `<th>${escapeHtml(h)}</th>`),
    '</tr></thead><tbody>',
    ...rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`),
    '</tbody></table>',
  ].join('');
  const notes = [
    ...(report.learned ? [`<li>${escapeHtml(learnedNote(report.learned))}</li>`] : []),
    ...report.skipped.map((s) => `<li>skipped <b>${escapeHtml(s.strategy)}</b>: ${escapeHtml(s.reason)}</li>`),
    ...report.failed.map((f) => `<li>failed <b>${escapeHtml(f.strategy)}</b>: ${escapeHtml(f.error)}</li>`),
  ];
  const skipped = notes.length ? `<ul>${notes.join('')}</ul>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Segment Workbench: quality on ${escapeHtml(report.corpus.name)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; font-size: 13px; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.charts { display: flex; flex-wrap: wrap; gap: 24px; }
.meta { color: #555; font-size: 13px; }
code { background: #f4f4f4; padding: 1px 4px; }
</style></head><body>
<h1>Quality on <code>${escapeHtml(report.corpus.name)}</code></h1>
<p class="meta">${report.corpus.documents} documents, ${formatInt(report.corpus.chars)} characters, ${report.corpus.goldSegments} gold segments, corpus seed ${escapeHtml(report.corpus.seed)}.<br>
Machine: ${escapeHtml(describeMachine(report.machine))}.<br>
Date: ${escapeHtml(report.date)}. Command: <code>${escapeHtml(report.command)}</code></p>
${table}
${skipped}
<p class="meta">Pk and WindowDiff are means over documents (lower is better). Boundary P/R/F1 count a predicted boundary within ${report.settings.tolerance} characters of a gold one. Retrieval: ${report.corpus.goldRetrieval.questions} questions generated from the gold text; each strategy's segments are indexed with BM25; a hit is a top-k segment containing the answer sentence; ROUGE-L F1 compares the top segment with the answer. Embedding size: segments × 1024 × 4 bytes.</p>
<div class="charts">
${charts(report).join('\n')}
</div>
</body></html>
`;
}
