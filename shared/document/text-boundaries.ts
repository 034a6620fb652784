/**
 * Where a cut may fall. A boundary may never split a surrogate pair (that would corrupt the
 * character on both sides) nor separate CR from LF (that would turn one line ending into two).
 */

/** The first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** True when `offset` is a legal cut point strictly inside the text. */
export function isSafeBoundary(text: string, offset: number): boolean {
  if (!Number.isInteger(offset) || offset <= 0 || offset >= text.length) return false;
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  if (isHighSurrogate(before) && isLowSurrogate(after)) return false;
  if (before === 0x0d && after === 0x0a) return false;
  return true;
}

/**
 * Moves an arbitrary offset to the nearest legal cut at or after it (or before it, when nothing
 * after is legal). Returns null when the text has no interior legal cut near the offset.
 */
export function toSafeBoundary(text: string, offset: number): number | null {
  const clamped = Math.max(1, Math.min(text.length - 1, Math.round(offset)));
  if (text.length < 2) return null;
  // A bad offset is off by one code unit at most: one step forward or back always fixes it.
  for (const candidate of [clamped, clamped + 1, clamped - 1]) {
    if (isSafeBoundary(text, candidate)) return candidate;
  }
  return null;
}
