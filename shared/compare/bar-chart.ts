/**
 * Small horizontal bar charts as SVG text: the same markup in the UI and in the exported HTML
 * report, with no chart library. Labels are escaped; a missing value is drawn as "n/a".
 */

export interface Bar {
  label: string;
  value: number | null;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A readable number: integers as they are, others with up to 3 significant decimals. */
export function formatValue(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toPrecision(3);
}

const ROW = 22;
const LABEL_WIDTH = 110;
const BAR_WIDTH = 160;
const VALUE_WIDTH = 80;

export function barChartSvg(title: string, bars: readonly Bar[], unit = ''): string {
  const max = Math.max(0, ...bars.map((b) => b.value ?? 0));
  const width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH;
  const height = 26 + bars.length * ROW;
  const rows = bars.map((bar, i) => {
    const y = 26 + i * ROW;
    const w = bar.value === null || max === 0 ? 0 : Math.max(1, Math.round((bar.value / max) * BAR_WIDTH));
    const shown = bar.value === null ? 'n/a' : `${formatValue(bar.value)}${unit ? ` ${unit}` : ''}`;
    return (
      `<text x="${LABEL_WIDTH - 6}" y="${y + 15}" text-anchor="end">${escapeXml(bar.label)}</text>` +
      `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${w}" height="${ROW - 6}" fill="#4a7bd0"><title>${escapeXml(`${bar.label}: ${shown}`)}</title></rect>` +
      `<text x="${LABEL_WIDTH + w + 6}" y="${y + 15}">${escapeXml(shown)}</text>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">` +
    `<text x="0" y="16" font-weight="bold">${escapeXml(title)}</text>${rows.join('')}</svg>`
  );
}
