/** Number formatting shared by the table, the HTML report and the speed printout. */

/** Bytes the way the seed wrote them: KB below a megabyte, MB above (1024-based). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function formatSeconds(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} m ${Math.round(seconds - m * 60)} s`;
}

export function formatRatio(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

export function formatInt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
