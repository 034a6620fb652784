/**
 * Table-of-contents lines: an entry, a run of dot leaders and a page number ("Introduction
 * ........ 3"). The entry is kept, on a line of its own; the leaders and the number are not body text.
 */

const LEADERS = /^(.*?\p{L}.*?)\s*(?:[.·•…_]\s*){4,}\s*(\d{1,5}|[ivxlcdm]{1,8})$/iu;

/** The entry of a contents line, or null when the line is not one. */
export function contentsEntry(text: string): string | null {
  const match = LEADERS.exec(text);
  return match ? match[1]!.trim() : null;
}
