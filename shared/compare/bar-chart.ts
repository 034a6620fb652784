/**
 * Small horizontal bar charts as SVG text: the same markup in the UI and in the exported HTML
 * report, with no chart library. Labels are escaped and, when too long, cut with an ellipsis
 * (the full label in a tooltip); a missing value is drawn as "n/a".
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

const BAR_WIDTH = 160;
const VALUE_WIDTH = 80;
const WIDTH = BAR_WIDTH + VALUE_WIDTH;
const TITLE_HEIGHT = 26;
const LABEL_HEIGHT = 14;
const BAR_HEIGHT = 14;
const ROW = LABEL_HEIGHT + BAR_HEIGHT + 6;
/**
 * No text measuring here (shared code has no DOM), so a label's width is estimated: 7 px per
 * character is above a 12 px sans-serif font's average advance, so the estimate errs wide.
 */
const CHAR_WIDTH = 7;
const MAX_LABEL_CHARS = Math.floor(WIDTH / CHAR_WIDTH);

/** A label cut to `max` characters with an ellipsis (the chart puts the full one in a tooltip). */
export function fitLabel(label: string, max = MAX_LABEL_CHARS): string {
  const chars = Array.from(label);
  return chars.length <= max ? label : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Each row is its label on a line of its own above the bar, so a label never competes with the
 * bar for width: the chart stays narrow enough for a side panel without being scaled down.
 */
export function barChartSvg(title: string, bars: readonly Bar[], unit = ''): string {
  const max = Math.max(0, ...bars.map((b) => b.value ?? 0));
  const height = TITLE_HEIGHT + bars.length * ROW;
  // A long title widens the chart rather than running off its right edge.
  const width = Math.max(WIDTH, Array.from(title).length * CHAR_WIDTH);
  const rows = bars.map((bar, i) => {
    const y = TITLE_HEIGHT + i * ROW;
    const barY = y + LABEL_HEIGHT + 2;
    const w = bar.value === null || max === 0 ? 0 : Math.max(1, Math.round((bar.value / max) * BAR_WIDTH));
    const shown = bar.value === null ? 'n/a' : `${formatValue(bar.value)}${unit ? ` ${unit}` : ''}`;
    const tooltip = `<title>${escapeXml(`${bar.label}: ${shown}`)}</title>`;
    return (
      `<text x="0" y="${y + 11}">${tooltip}${escapeXml(fitLabel(bar.label))}</text>` +
      `<rect x="0" y="${barY}" width="${w}" height="${BAR_HEIGHT}" fill="#4a7bd0">${tooltip}</rect>` +
      `<text x="${w + 6}" y="${barY + 11}">${escapeXml(shown)}</text>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">` +
    `<text x="0" y="16" font-weight="bold">${escapeXml(title)}</text>${rows.join('')}</svg>`
  );
}
