/**
 * Joins gold units (chapters, excerpts, sections) into one document: the gold boundaries are
 * the offsets where units 2..n start. Leading blank lines and trailing whitespace are dropped
 * from each unit so that a boundary falls on the unit's first line, never inside the separator;
 * a first line's indentation is kept (it can be an indented code block).
 */
export function assemble(units: readonly string[], separator: string): { text: string; boundaries: number[] } {
  let text = '';
  const boundaries: number[] = [];
  for (const raw of units) {
    const unit = raw.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
    if (!unit.trim()) continue;
    if (text) {
      text += separator;
      boundaries.push(text.length);
    }
    text += unit;
  }
  return { text, boundaries };
}

/**
 * Takes units from `start` while they fit `maxChars` (with separators), at most `maxUnits`.
 * Returns how many were taken: 0 when even the first one is too long.
 */
export function unitsThatFit(lengths: readonly number[], start: number, maxUnits: number, maxChars: number, separatorLength: number): number {
  let total = 0;
  let taken = 0;
  for (let i = start; i < lengths.length && taken < maxUnits; i++) {
    const next = total + (taken ? separatorLength : 0) + (lengths[i] ?? 0);
    if (next > maxChars) break;
    total = next;
    taken++;
  }
  return taken;
}
