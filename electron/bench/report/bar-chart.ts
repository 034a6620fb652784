/**
 * A horizontal bar chart as inline SVG, like the seed's comparison charts: one bar per strategy,
 * the value printed after the bar. No script, no external resource, so the report is one file.
 */
import { escapeHtml } from './escape';

export interface Bar {
  label: string;
  value: number;
  /** How the value reads next to its bar. */
  display: string;
}

export interface BarChart {
  title: string;
  /** A hint under the title, e.g. "lower is better". */
  note?: string;
  bars: readonly Bar[];
}

const WIDTH = 560;
const LABEL_WIDTH = 130;
const VALUE_WIDTH = 90;
const BAR_HEIGHT = 20;
const GAP = 8;
const TOP = 44;
const COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#9c755f'];

export function barChartSvg(chart: BarChart): string {
  const max = Math.max(0, ...chart.bars.map((b) => (Number.isFinite(b.value) ? b.value : 0)));
  const span = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = TOP + chart.bars.length * (BAR_HEIGHT + GAP) + GAP;
  const rows = chart.bars.map((bar, i) => {
    const y = TOP + i * (BAR_HEIGHT + GAP);
    const w = max > 0 && Number.isFinite(bar.value) ? Math.max(1, (bar.value / max) * span) : 0;
    const color = COLORS[i % COLORS.length];
    return [
      `<text x="${LABEL_WIDTH - 8}" y="${y + BAR_HEIGHT * 0.7}" text-anchor="end">${escapeHtml(bar.label)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y}" width="${w.toFixed(1)}" height="${BAR_HEIGHT}" fill="${color}"><title>${escapeHtml(`${bar.label}: ${bar.display}`)}</title></rect>`,
      `<text x="${(LABEL_WIDTH + w + 6).toFixed(1)}" y="${y + BAR_HEIGHT * 0.7}">${escapeHtml(bar.display)}</text>`,
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeHtml(chart.title)}" font-family="system-ui, sans-serif" font-size="12">`,
    `<text x="0" y="16" font-size="14" font-weight="600">${escapeHtml(chart.title)}</text>`,
    chart.note ? `<text x="0" y="32" fill="#666">${escapeHtml(chart.note)}</text>` : '',
    ...rows,
    '</svg>',
  ].join('\n');
}
