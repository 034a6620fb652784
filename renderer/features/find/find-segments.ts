/**
 * Finding segments: by their text (case-insensitive), filtered by reviewed state or warnings, and
 * sorted by document order, length or tokens. Pure, so the panel only draws what this returns.
 */
import type { SegmentationWarning } from '../../../shared/document/types';
import type { SegmentView } from '../../stores/session/select-segments';

export type SegmentFilter = 'all' | 'unreviewed' | 'reviewed' | 'warnings';
export type SegmentSort = 'order' | 'longest' | 'shortest' | 'most-tokens' | 'fewest-tokens';

export interface SegmentQuery {
  text: string;
  filter: SegmentFilter;
  sort: SegmentSort;
}

export interface FoundSegment {
  segment: SegmentView;
  chars: number;
  /** By the tokenizer the person picked (Export panel); null while unknown or none picked. */
  tokens: number | null;
  /** The result's warnings that fall in this segment. */
  warnings: number;
}

/** How many warnings (those with an offset) fall in each segment, by index; segments are in text order. */
export function warningsPerSegment(segments: readonly SegmentView[], warnings: readonly SegmentationWarning[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const w of warnings) {
    if (w.offset === undefined) continue;
    let lo = 0;
    let hi = segments.length - 1;
    // The last segment starting at or before the offset.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid]!.start <= w.offset) lo = mid;
      else hi = mid - 1;
    }
    const s = segments[lo];
    if (s) counts.set(s.index, (counts.get(s.index) ?? 0) + 1);
  }
  return counts;
}

/** Unknown token counts sort after every known one, whichever way the sort goes. */
function byTokens(a: FoundSegment, b: FoundSegment, direction: 1 | -1): number {
  if (a.tokens === null || b.tokens === null) return (a.tokens === null ? 1 : 0) - (b.tokens === null ? 1 : 0) || a.segment.index - b.segment.index;
  return direction * (a.tokens - b.tokens) || a.segment.index - b.segment.index;
}

const ORDER: Record<SegmentSort, (a: FoundSegment, b: FoundSegment) => number> = {
  order: (a, b) => a.segment.index - b.segment.index,
  longest: (a, b) => b.chars - a.chars || a.segment.index - b.segment.index,
  shortest: (a, b) => a.chars - b.chars || a.segment.index - b.segment.index,
  'most-tokens': (a, b) => byTokens(a, b, -1),
  'fewest-tokens': (a, b) => byTokens(a, b, 1),
};

export function findSegments(
  text: string,
  segments: readonly SegmentView[],
  query: SegmentQuery,
  tokensOf: (start: number, end: number) => number | null,
  warnings: ReadonlyMap<number, number> = new Map(),
): FoundSegment[] {
  const needle = query.text.trim().toLowerCase();
  const found: FoundSegment[] = [];
  for (const segment of segments) {
    const count = warnings.get(segment.index) ?? 0;
    if (query.filter === 'reviewed' && segment.reviewed !== true) continue;
    if (query.filter === 'unreviewed' && segment.reviewed === true) continue;
    if (query.filter === 'warnings' && count === 0) continue;
    if (needle) {
      const haystack = `${segment.topic ?? ''}\n${segment.summary ?? ''}\n${text.slice(segment.start, segment.end)}`.toLowerCase();
      if (!haystack.includes(needle)) continue;
    }
    const chars = segment.end - segment.start;
    found.push({ segment, chars, tokens: tokensOf(segment.start, segment.end), warnings: count });
  }
  return found.sort(ORDER[query.sort]);
}
