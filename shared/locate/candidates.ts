/**
 * Where one head could go: every plausible match, by tier, with its score. The choice between
 * them (and between heads) is made in locate-heads.ts.
 */
import type { MatchTier } from '../document/types';
import { nearestSnapPoint, sentenceStartsIn } from '../text/sentences';
import { alignSemiGlobal, editDistance, GAP_OPEN } from './align';
import { normalizedIndexAt, normalizeWithOrigin, type NormalizedText } from './normalize';
import { buildQGramIndex, candidateDiagonals, occurrences, Q, type QGramIndex } from './qgram-index';

export const LOCATE_DEFAULTS = {
  minScore: 0.7,
  snapDistance: 12,
  /** Heads shorter than this (normalized) are too ambiguous to place approximately. */
  minApproximateChars: 8,
  /** Only this much of a long head is aligned: the start is what places it. */
  maxPatternChars: 64,
  /** Approximate heads shorter than this (normalized) need a proportionally higher score. */
  fullConfidenceChars: 24,
  /** Stretches aligned per head: the best-voted ones. */
  approximateCandidates: 6,
  /** q-grams with more hits than this in the text vote only when no rarer one exists (1,000 measured ~1 point worse at noise 0.5). */
  maxHitsPerGram: 2_000,
  /** Matches with fewer normalized chars must lie at a sentence or line start to count. */
  shortHeadChars: 8,
  /** At most this many exact (or normalized) occurrences of one head are considered. */
  maxOccurrences: 50,
} as const;

export interface Match {
  offset: number;
  tier: MatchTier;
  score: number;
}

/** The text and the structures built once per call, shared by every head. */
export class Haystack {
  readonly norm: NormalizedText;
  private qgrams: QGramIndex | undefined;

  constructor(readonly text: string) {
    this.norm = normalizeWithOrigin(text);
  }

  get index(): QGramIndex {
    this.qgrams ??= buildQGramIndex(this.norm.chars);
    return this.qgrams;
  }

  /** Original offset of normalized index i (text.length past the end). */
  originOf(i: number): number {
    return i < this.norm.origin.length ? (this.norm.origin[i] as number) : this.text.length;
  }

  /** Original [start, end) covered by normalized [i, j). */
  span(i: number, j: number): [number, number] {
    const start = this.originOf(i);
    const last = this.originOf(Math.max(i, j - 1));
    const lastWidth = this.text.charCodeAt(last) >= 0xd800 && this.text.charCodeAt(last) <= 0xdbff ? 2 : 1;
    return [start, Math.min(this.text.length, last + lastWidth)];
  }
}

function surfaceSimilarity(head: string, matched: string): number {
  const longest = Math.max(head.length, matched.length);
  return longest === 0 ? 1 : Math.max(0.01, 1 - editDistance(head, matched) / longest);
}

export interface Settings {
  minScore: number;
  snapDistance: number;
}

/** Places the offset: snapped when a start is near; short heads must snap to count at all. */
function settle(hay: Haystack, raw: number, floor: number, short: boolean, settings: Settings): number | null {
  const snapped = nearestSnapPoint(hay.text, raw, settings.snapDistance, floor);
  if (snapped !== null) return snapped;
  return short ? null : raw;
}

/**
 * Exact matches of the head if there are any, else normalized ones. Both come from the
 * normalized occurrences (an exact occurrence is also a normalized one), found through the
 * q-gram index rather than by scanning the whole text for every head.
 */
export function directCandidates(hay: Haystack, head: string, normHead: string, from: number, short: boolean, settings: Settings): Match[] {
  if (normHead.length === 0) {
    // Nothing to normalize (a head of punctuation only): only an exact match can place it.
    const exact: Match[] = [];
    for (let at = hay.text.indexOf(head, from); at >= 0 && exact.length < LOCATE_DEFAULTS.maxOccurrences; at = hay.text.indexOf(head, at + 1)) {
      const offset = settle(hay, at, from, short, settings);
      if (offset !== null) exact.push({ offset, tier: 'exact', score: 1 });
    }
    return exact;
  }
  // Where the head's first letter or digit sits in the head: an exact match starts that much earlier.
  const lead = normalizeWithOrigin(head).origin[0] as number;
  const exact: Match[] = [];
  const normalized: Match[] = [];
  for (const at of occurrences(hay.index, hay.norm.chars, normHead, normalizedIndexAt(hay.norm, from), LOCATE_DEFAULTS.maxOccurrences)) {
    const [start, end] = hay.span(at, at + normHead.length);
    const exactStart = start - lead;
    if (exactStart >= from && hay.text.startsWith(head, exactStart)) {
      const offset = settle(hay, exactStart, from, short, settings);
      if (offset !== null) exact.push({ offset, tier: 'exact', score: 1 });
    } else if (exact.length === 0) {
      const offset = settle(hay, start, from, short, settings);
      if (offset !== null) normalized.push({ offset, tier: 'normalized', score: surfaceSimilarity(head, hay.text.slice(start, end)) });
    }
  }
  return exact.length > 0 ? exact : normalized;
}

/** How much worse a sentence start may align than the raw match and still be preferred. */
const START_PRIOR = 3 * GAP_OPEN;

/** Anchored alignment cost of the pattern starting exactly at normalized index `at`. */
function anchoredCost(hay: Haystack, pattern: string, at: number): number {
  const to = Math.min(hay.norm.chars.length, at + pattern.length + 8 + (pattern.length >> 1));
  return alignSemiGlobal(pattern, hay.norm.chars, at, to, true).cost;
}

/**
 * Where an approximate match really starts. The free-start alignment tends to start late: when a
 * head's first word is garbled or dropped, skipping it is cheaper than matching it. So the
 * sentence starts a little before (and just after) the match compete: the one the head aligns
 * best from, anchored, wins unless it aligns worse than the match itself by more than
 * START_PRIOR (a start of a sentence is where a head is expected to begin).
 */
function anchorToStart(hay: Haystack, pattern: string, normStart: number, floor: number, settings: Settings): number {
  const raw = hay.originOf(normStart);
  const rawCost = anchoredCost(hay, pattern, normStart);
  let best: { offset: number; cost: number } | null = null;
  const lookBack = 3 * settings.snapDistance;
  for (const s of sentenceStartsIn(hay.text, Math.max(floor, raw - lookBack), raw + settings.snapDistance + 1)) {
    const cost = anchoredCost(hay, pattern, normalizedIndexAt(hay.norm, s));
    if (!best || cost < best.cost - 1e-9 || (Math.abs(cost - best.cost) < 1e-9 && Math.abs(s - raw) < Math.abs(best.offset - raw))) best = { offset: s, cost };
  }
  // A dropped word costs a gap (about 3 for a short word); up to that, the sentence start wins.
  // Otherwise the head starts mid-sentence: every start within reach was a candidate above.
  return best && best.cost <= rawCost + START_PRIOR ? best.offset : raw;
}

/**
 * The stretches of text the head aligns to with at least the required score, each moved to the
 * start it most likely belongs to. Short heads need a higher score: they match by chance.
 */
export function approximateCandidates(hay: Haystack, normHead: string, from: number, settings: Settings): Match[] {
  const pattern = normHead.slice(0, LOCATE_DEFAULTS.maxPatternChars);
  const m = pattern.length;
  if (m < LOCATE_DEFAULTS.minApproximateChars || m < Q) return [];
  const normFrom = normalizedIndexAt(hay.norm, from);
  const total = hay.norm.chars.length;
  const slack = 8 + (m >> 1);
  const { minScore } = settings;
  const required = minScore + (1 - minScore) * Math.max(0, (LOCATE_DEFAULTS.fullConfidenceChars - m) / LOCATE_DEFAULTS.fullConfidenceChars);
  const found: Match[] = [];
  const stretches = candidateDiagonals(hay.index, pattern, normFrom, total, LOCATE_DEFAULTS.approximateCandidates, LOCATE_DEFAULTS.maxHitsPerGram);
  const topVotes = stretches[0]?.votes ?? 0;
  // Stretches with under half the best vote share rarely align well: skip their alignment.
  for (const { diagonal } of stretches.filter((c) => c.votes * 2 >= topVotes)) {
    const lo = Math.max(normFrom, diagonal - slack);
    const hi = Math.min(total, diagonal + m + slack + 8);
    if (hi - lo < 1) continue;
    const { cost, start } = alignSemiGlobal(pattern, hay.norm.chars, lo, hi);
    const score = 1 - cost / m;
    if (score < required) continue;
    const offset = anchorToStart(hay, pattern, start, from, settings);
    if (!found.some((f) => f.offset === offset)) found.push({ offset, tier: 'approximate', score });
  }
  return found;
}
