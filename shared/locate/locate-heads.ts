/**
 * Maps an ordered list of model "heads" (the first words of each segment) back to offsets.
 *
 * 1. Candidates, tier by tier (a later tier runs only when the earlier found nothing), from
 *    options.from onwards (candidates.ts):
 *    - exact: the head as written (trimmed) occurs in the text;
 *    - normalized: it occurs once case, whitespace (newlines included), punctuation, quotes,
 *      dashes, ellipses and accents are ignored (normalize.ts);
 *    - approximate: a q-gram vote proposes stretches of the normalized text, and an affine-gap
 *      semi-global alignment scores them (align.ts); those scoring at least minScore (more for
 *      short heads) are kept.
 *    Exact and normalized matches snap to the nearest sentence or line start within
 *    snapDistance; an approximate one moves to the sentence start (up to 3 × snapDistance
 *    before it) the head aligns best from. Heads under 8 normalized characters must snap.
 * 2. Order: each head's search runs forward of the previous placement, enforced over all heads
 *    at once: one candidate per head, strictly increasing offsets, maximum total weight
 *    (chain.ts). One false match far ahead thus cannot make every later head unplaceable.
 * 3. Report: a head without candidates, or whose candidates all break the order, becomes a
 *    'head-not-found' warning carrying its text; a head whose normalized form repeats the one
 *    before it (a model stuck in a loop), or whose only places are taken by another head,
 *    collapses into it with a 'duplicate-head' warning. Nothing is dropped silently.
 */
import type { SegmentationWarning } from '../document/types';
import { approximateCandidates, directCandidates, Haystack, LOCATE_DEFAULTS, type Match, type Settings } from './candidates';
import { bestIncreasingChain } from './chain';
import { normalize } from './normalize';
import type { HeadInput, HeadPlacement, LocateOptions, LocateResult } from './types';

export { LOCATE_DEFAULTS };

function describeHead(head: string): string {
  return JSON.stringify(head.length > 60 ? `${head.slice(0, 57)}...` : head);
}

/** Weight of a candidate in the chain: exact and normalized matches outrank approximate ones. */
function chainWeight(match: Match): number {
  if (match.tier === 'exact') return 1;
  if (match.tier === 'normalized') return 0.99;
  return Math.min(0.98, match.score);
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
  const from = Math.max(0, Math.min(text.length, options.from ?? 0));
  const warnings: SegmentationWarning[] = [];
  const candidates: Match[][] = [];
  let previousNorm: string | null = null;

  heads.forEach((input, inputIndex) => {
    const head = input.head.trim();
    const normHead = normalize(head);
    const isRepeat = previousNorm !== null && normHead === previousNorm && normHead.length > 0;
    previousNorm = normHead;
    candidates.push([]);
    if (isRepeat) {
      warnings.push({ code: 'duplicate-head', message: `head ${inputIndex + 1} ${describeHead(head)} repeats the one before it; kept once`, head: input.head });
      return;
    }
    if (head.length === 0) {
      warnings.push({ code: 'head-not-found', message: `head ${inputIndex + 1} is empty`, head: input.head });
      return;
    }
    const short = normHead.length < LOCATE_DEFAULTS.shortHeadChars;
    let found = directCandidates(hay, head, normHead, from, short, settings);
    if (found.length === 0) found = approximateCandidates(hay, normHead, from, settings);
    candidates[inputIndex] = found;
    if (found.length === 0) {
      warnings.push({ code: 'head-not-found', message: `head ${inputIndex + 1} ${describeHead(head)} was not placed: no confident match`, head: input.head });
    }
  });

  const chosen = bestIncreasingChain(candidates.map((list) => list.map((m) => ({ offset: m.offset, weight: chainWeight(m) }))));
  const placements: HeadPlacement[] = [];
  const placedAt = new Map<number, number>();
  chosen.forEach((index, inputIndex) => {
    const match = candidates[inputIndex]?.[index];
    if (!match) return;
    const input = heads[inputIndex] as HeadInput;
    const placement: HeadPlacement = { inputIndex, head: input.head, offset: match.offset, tier: match.tier, score: match.score };
    if (input.topic !== undefined) placement.topic = input.topic;
    if (input.summary !== undefined) placement.summary = input.summary;
    placements.push(placement);
    placedAt.set(match.offset, inputIndex);
  });
  chosen.forEach((index, inputIndex) => {
    const list = candidates[inputIndex] as Match[];
    if (index >= 0 || list.length === 0) return;
    const head = (heads[inputIndex] as HeadInput).head;
    const twin = list.map((m) => placedAt.get(m.offset)).find((k) => k !== undefined);
    warnings.push(
      twin !== undefined
        ? { code: 'duplicate-head', message: `head ${inputIndex + 1} ${describeHead(head.trim())} lands where head ${twin + 1} is; kept once`, head, offset: (list[0] as Match).offset }
        : { code: 'head-not-found', message: `head ${inputIndex + 1} ${describeHead(head.trim())} was not placed: its matches are out of order with the other heads`, head, offset: (list[0] as Match).offset },
    );
  });
  return { placements, warnings };
}
