/**
 * Maps an ordered list of model "heads" (the first words of each segment) back to offsets.
 *
 * For each head, searching forward from just after the previous placement:
 *   1. exact: the head as written (trimmed) occurs in the text;
 *   2. normalized: it occurs once case, whitespace (newlines included), punctuation, quotes,
 *      dashes, ellipses and accents are ignored (see normalize.ts);
 *   3. approximate: a q-gram vote proposes stretches of the normalized text and a semi-global
 *      edit-distance alignment scores them; the best stretch scoring at least minScore wins
 *      (among near-ties, the earliest).
 * Guards against jumping ahead, which would leave every head in between unplaceable: an exact or
 * normalized match more than nearHorizon ahead is taken only when no approximate match exists
 * nearer; an approximate match beyond the horizon needs farMinScore; short heads need a higher
 * score; and an approximate match that lies past the next head's match is dropped.
 *
 * An exact or normalized match then snaps to the nearest sentence or line start within
 * snapDistance; an approximate one to the sentence start (up to 3 × snapDistance before it) that
 * the head aligns best from, when that is not clearly worse. Snapping never goes back to or
 * before the previous placement, so two heads cannot share an offset. A head that no tier
 * places becomes a 'head-not-found' warning; a head whose normalized form repeats the one before
 * it (a model stuck in a loop) collapses into it with a 'duplicate-head' warning.
 */
import type { MatchTier, SegmentationWarning } from '../document/types';
import { sentenceStartsIn } from '../text/sentences';
import { alignSemiGlobal, editDistance, GAP_OPEN } from './align';
import { normalize, normalizedIndexAt, normalizeWithOrigin, type NormalizedText } from './normalize';
import { buildQGramIndex, candidateDiagonals, Q, type QGramIndex } from './qgram-index';
import type { HeadInput, HeadPlacement, LocateOptions, LocateResult } from './types';

export const LOCATE_DEFAULTS = {
  minScore: 0.7,
  snapDistance: 12,
  /** Heads shorter than this (normalized) are too ambiguous to place approximately. */
  minApproximateChars: 8,
  /** Only this much of a long head is aligned: the start is what places it. */
  maxPatternChars: 64,
  /** First approximate pass looks this far ahead (normalized chars), then to the end. */
  nearHorizon: 20_000,
  /** Approximate heads shorter than this (normalized) need a proportionally higher score. */
  fullConfidenceChars: 24,
  /** Beyond the near horizon a match must be this good: a far jump skips every head in between. */
  farMinScore: 0.8,
  candidatesPerPass: 6,
  maxHitsPerGram: 2_000,
  /** Matches with fewer normalized chars must lie at a sentence or line start to count. */
  shortHeadChars: 8,
  maxOccurrencesTried: 200,
} as const;

interface Match {
  offset: number;
  tier: MatchTier;
  score: number;
}

/** The text and the structures built once per call, shared by every head. */
class Haystack {
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

/** The nearest sentence or line start in [floor, offset ± distance], or null. */
function snap(text: string, offset: number, floor: number, distance: number): number | null {
  let best: number | null = null;
  for (const s of sentenceStartsIn(text, Math.max(floor, offset - distance), offset + distance + 1)) {
    if (best === null || Math.abs(s - offset) < Math.abs(best - offset)) best = s;
  }
  return best;
}

function surfaceSimilarity(head: string, matched: string): number {
  const longest = Math.max(head.length, matched.length);
  return longest === 0 ? 1 : Math.max(0.01, 1 - editDistance(head, matched) / longest);
}

interface Settings {
  minScore: number;
  snapDistance: number;
}

/** Places the offset: snapped when a start is near; short heads must snap to count at all. */
function settle(hay: Haystack, raw: number, cursor: number, short: boolean, settings: Settings): number | null {
  const snapped = snap(hay.text, raw, cursor, settings.snapDistance);
  if (snapped !== null) return snapped;
  return short ? null : raw;
}

function findExact(hay: Haystack, head: string, cursor: number, short: boolean, settings: Settings): Match | null {
  let at = hay.text.indexOf(head, cursor);
  for (let tries = 0; at >= 0 && tries < LOCATE_DEFAULTS.maxOccurrencesTried; tries++) {
    const offset = settle(hay, at, cursor, short, settings);
    if (offset !== null) return { offset, tier: 'exact', score: 1 };
    at = hay.text.indexOf(head, at + 1);
  }
  return null;
}

function findNormalized(hay: Haystack, head: string, normHead: string, cursor: number, short: boolean, settings: Settings): Match | null {
  const chars = hay.norm.chars;
  let at = chars.indexOf(normHead, normalizedIndexAt(hay.norm, cursor));
  for (let tries = 0; at >= 0 && tries < LOCATE_DEFAULTS.maxOccurrencesTried; tries++) {
    const [start, end] = hay.span(at, at + normHead.length);
    const offset = settle(hay, start, cursor, short, settings);
    if (offset !== null) return { offset, tier: 'normalized', score: surfaceSimilarity(head, hay.text.slice(start, end)) };
    at = chars.indexOf(normHead, at + 1);
  }
  return null;
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
function anchorToStart(hay: Haystack, pattern: string, normStart: number, cursor: number, settings: Settings): number {
  const raw = hay.originOf(normStart);
  const rawCost = anchoredCost(hay, pattern, normStart);
  let best: { offset: number; cost: number } | null = null;
  const lookBack = 3 * settings.snapDistance;
  for (const s of sentenceStartsIn(hay.text, Math.max(cursor, raw - lookBack), raw + settings.snapDistance + 1)) {
    const cost = anchoredCost(hay, pattern, normalizedIndexAt(hay.norm, s));
    if (!best || cost < best.cost - 1e-9 || (Math.abs(cost - best.cost) < 1e-9 && Math.abs(s - raw) < Math.abs(best.offset - raw))) best = { offset: s, cost };
  }
  // A dropped word costs a gap (about 3 for a short word); up to that, the sentence start wins.
  if (best && best.cost <= rawCost + START_PRIOR) return best.offset;
  return settle(hay, raw, cursor, false, settings) as number;
}

function findApproximate(hay: Haystack, normHead: string, cursor: number, settings: Settings, nearOnly = false): Match | null {
  const pattern = normHead.slice(0, LOCATE_DEFAULTS.maxPatternChars);
  const m = pattern.length;
  if (m < LOCATE_DEFAULTS.minApproximateChars || m < Q) return null;
  const from = normalizedIndexAt(hay.norm, cursor);
  const total = hay.norm.chars.length;
  const slack = 8 + (m >> 1);
  const near = Math.min(total, from + LOCATE_DEFAULTS.nearHorizon);
  const horizons = nearOnly ? [near] : [near, total];
  for (let pass = 0; pass < horizons.length; pass++) {
    const to = horizons[pass] as number;
    if (pass > 0 && to === horizons[pass - 1]) break;
    // Short heads match by chance more easily, and far matches skip more: both must score higher.
    const base = pass === 0 ? settings.minScore : Math.max(settings.minScore, LOCATE_DEFAULTS.farMinScore);
    const required = base + (1 - base) * Math.max(0, (LOCATE_DEFAULTS.fullConfidenceChars - m) / LOCATE_DEFAULTS.fullConfidenceChars);
    const candidates = candidateDiagonals(hay.index, pattern, from, to, LOCATE_DEFAULTS.candidatesPerPass, LOCATE_DEFAULTS.maxHitsPerGram);
    let accepted: Array<{ start: number; score: number }> = [];
    for (const { diagonal } of candidates) {
      const lo = Math.max(from, diagonal - slack);
      const hi = Math.min(total, diagonal + m + slack + 8);
      if (hi - lo < 1) continue;
      const { cost, start } = alignSemiGlobal(pattern, hay.norm.chars, lo, hi);
      const score = 1 - cost / m;
      if (score >= required) accepted.push({ start, score });
    }
    if (accepted.length === 0) continue;
    const best = Math.max(...accepted.map((a) => a.score));
    accepted = accepted.filter((a) => a.score >= best - 0.05).sort((a, b) => a.start - b.start);
    const offset = anchorToStart(hay, pattern, (accepted[0] as { start: number }).start, cursor, settings);
    return { offset, tier: 'approximate', score: best };
  }
  return null;
}

function describeHead(head: string): string {
  return JSON.stringify(head.length > 60 ? `${head.slice(0, 57)}...` : head);
}

/** The tiers in order, searching from `cursor`. `nearOnly` keeps approximate search near. */
function findHead(hay: Haystack, head: string, normHead: string, cursor: number, settings: Settings, nearOnly: boolean): Match | null {
  const short = normHead.length < LOCATE_DEFAULTS.shortHeadChars;
  const direct = findExact(hay, head, cursor, short, settings) ?? (normHead.length > 0 ? findNormalized(hay, head, normHead, cursor, short, settings) : null);
  // A jump far ahead skips every head in between: take it only if nothing fits nearby.
  const farJump = direct !== null && normalizedIndexAt(hay.norm, direct.offset) - normalizedIndexAt(hay.norm, cursor) > LOCATE_DEFAULTS.nearHorizon;
  if (farJump) return findApproximate(hay, normHead, cursor, settings, true) ?? direct;
  return direct ?? findApproximate(hay, normHead, cursor, settings, nearOnly);
}

/** Places each head in order; see the module comment for the tiers and warnings. */
export function locateHeads(text: string, heads: readonly HeadInput[], options: LocateOptions = {}): LocateResult {
  const settings: Settings = {
    minScore: options.minScore ?? LOCATE_DEFAULTS.minScore,
    snapDistance: options.snapDistance ?? LOCATE_DEFAULTS.snapDistance,
  };
  if (!(settings.minScore > 0 && settings.minScore <= 1)) throw new RangeError(`minScore must be in (0, 1], got ${settings.minScore}`);
  if (!(Number.isInteger(settings.snapDistance) && settings.snapDistance >= 0)) {
    throw new RangeError(`snapDistance must be a non-negative integer, got ${settings.snapDistance}`);
  }
  const hay = new Haystack(text);
  const placements: HeadPlacement[] = [];
  const warnings: SegmentationWarning[] = [];
  let cursor = Math.max(0, Math.min(text.length, options.from ?? 0));
  let previousNorm: string | null = null;

  heads.forEach((input, inputIndex) => {
    const head = input.head.trim();
    const normHead = normalize(head);
    const isRepeat = previousNorm !== null && normHead === previousNorm && normHead.length > 0;
    previousNorm = normHead;
    if (isRepeat) {
      warnings.push({ code: 'duplicate-head', message: `head ${inputIndex + 1} ${describeHead(head)} repeats the one before it; kept once`, head: input.head, offset: placements.at(-1)?.offset });
      return;
    }
    if (head.length === 0) {
      warnings.push({ code: 'head-not-found', message: `head ${inputIndex + 1} is empty`, head: input.head, offset: cursor });
      return;
    }
    const match = findHead(hay, head, normHead, cursor, settings, false);
    if (match?.tier === 'approximate') {
      // An approximate match past where the next head clearly is would skip that head: drop it.
      const next = heads[inputIndex + 1]?.head.trim() ?? '';
      const nextNorm = normalize(next);
      const nextMatch = next.length > 0 && nextNorm !== normHead ? findHead(hay, next, nextNorm, cursor, settings, true) : null;
      if (nextMatch && nextMatch.offset < match.offset) {
        warnings.push({ code: 'head-not-found', message: `head ${inputIndex + 1} ${describeHead(head)} was not placed: its best match lies past the next head`, head: input.head, offset: cursor });
        return;
      }
    }
    if (!match) {
      const earlier = text.lastIndexOf(head, cursor) >= 0 || (normHead.length > 0 && hay.norm.chars.lastIndexOf(normHead, normalizedIndexAt(hay.norm, cursor)) >= 0);
      const why = earlier ? 'it occurs only before the previous placement (out of order)' : 'no confident match';
      warnings.push({ code: 'head-not-found', message: `head ${inputIndex + 1} ${describeHead(head)} was not placed: ${why}`, head: input.head, offset: cursor });
      return;
    }
    const placement: HeadPlacement = { inputIndex, head: input.head, offset: match.offset, tier: match.tier, score: match.score };
    if (input.topic !== undefined) placement.topic = input.topic;
    if (input.summary !== undefined) placement.summary = input.summary;
    placements.push(placement);
    cursor = match.offset + 1;
  });
  return { placements, warnings };
}
