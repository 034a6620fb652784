/**
 * Size limits shared by the rule strategies, and the one routine that splits an over-long piece
 * at the best boundary inside it: paragraph, then line, then sentence, then clause, then word,
 * and only as a last resort between two user-perceived characters.
 */
import type { SegmentationWarning } from '../document/types';
import { graphemeBoundaryAfter, graphemeBoundaryAtOrBefore } from '../text/graphemes';
import { BLANK_CLASS, BREAK_CLASS, isBlankLine, lineStartsIn, paragraphStartsIn, whitespaceClassTable } from '../text/lines';
import { sentenceStartsIn } from '../text/sentences';
import type { RuleStrategyOptions } from './types';

export interface Limits {
  maxChars: number;
  /** Present only when both a token limit and a token counter were given. */
  maxTokens?: number;
  countTokens?: (text: string) => number;
}

function checkPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

/** Reads the size options, with the strategy's own default for maxChars. */
export function resolveLimits(options: RuleStrategyOptions, defaultMaxChars: number): Limits {
  const maxChars = options.maxChars ?? defaultMaxChars;
  checkPositiveInteger('maxChars', maxChars);
  if (options.maxTokens !== undefined) checkPositiveInteger('maxTokens', options.maxTokens);
  if (options.maxTokens !== undefined && options.countTokens) {
    return { maxChars, maxTokens: options.maxTokens, countTokens: options.countTokens };
  }
  return { maxChars };
}

/** Whether text[start, end) is within the limits. */
export function fits(text: string, start: number, end: number, limits: Limits): boolean {
  if (end - start > limits.maxChars) return false;
  if (limits.maxTokens === undefined || !limits.countTokens) return true;
  return limits.countTokens(text.slice(start, end)) <= limits.maxTokens;
}

/** Within the limits by length alone, with no token limit to check: nothing to split, nothing to count. */
export function fitsByLength(start: number, end: number, limits: Limits): boolean {
  return limits.maxTokens === undefined && end - start <= limits.maxChars;
}

/**
 * The first i from `from` on whose piece, starts[i] up to starts[i + 1] (the last up to `end`),
 * does not pass fitsByLength (starts.length when all do): the pieces a strategy must look at.
 * One loop without a call per piece: a cold call runs it in the interpreter, over every
 * sentence of a long text.
 */
export function nextNotFittingByLength(starts: readonly number[], from: number, end: number, limits: Limits): number {
  if (limits.maxTokens !== undefined) return from < starts.length ? from : starts.length;
  const maxChars = limits.maxChars;
  const last = starts.length - 1;
  for (let i = from; i < last; i++) if ((starts[i + 1] as number) - (starts[i] as number) > maxChars) return i;
  return last >= from && end - (starts[last] as number) > maxChars ? last : starts.length;
}

type Level = (text: string, start: number, end: number) => number[];

/** Code-unit classes for the clause and word scans, one array read per character. */
const BLANK = BLANK_CLASS;
const BREAK = BREAK_CLASS;
const CLAUSE_MARKS = ',;:—–，；：、';
const CHAR_CLASS = whitespaceClassTable();
/** The clause marks as one character class (single code units; none needs escaping in a class). */
const CLAUSE_MARK_PATTERN = new RegExp(`[${CLAUSE_MARKS}]`, 'g');

/**
 * Offsets after ", ; : — –" and a space: where a long sentence can breathe. The marks are found
 * by the native regular expression engine (test() moves lastIndex past the one-code-unit mark and
 * builds no match object), each then followed forward over its blanks. Exported for its
 * property test.
 */
export function clauseStarts(text: string, start: number, end: number): number[] {
  const starts: number[] = [];
  const range = text.slice(start, end);
  CLAUSE_MARK_PATTERN.lastIndex = 0;
  while (CLAUSE_MARK_PATTERN.test(range)) {
    const mark = start + CLAUSE_MARK_PATTERN.lastIndex - 1;
    let p = mark + 1;
    while (p < end && CHAR_CLASS[text.charCodeAt(p)] === BLANK) p++;
    if (p > mark + 1 && p < end && p >= start + 2) starts.push(p);
    CLAUSE_MARK_PATTERN.lastIndex = p - start; // the blanks hold no mark: go on after them
  }
  return starts;
}

function isSpaceClass(code: number): boolean {
  const cls = CHAR_CLASS[code] as number;
  return cls === BLANK || cls === BREAK;
}

/** Offsets where a word starts after whitespace. */
function wordStarts(text: string, start: number, end: number): number[] {
  const starts: number[] = [];
  let previousSpace = isSpaceClass(text.charCodeAt(start));
  for (let p = start + 1; p < end; p++) {
    const space = isSpaceClass(text.charCodeAt(p));
    if (previousSpace && !space) starts.push(p);
    previousSpace = space;
  }
  return starts;
}

/** Cut levels, best first, by name. */
const LEVEL_TABLE = {
  paragraph: paragraphStartsIn,
  line: lineStartsIn,
  sentence: (text, start, end) => sentenceStartsIn(text, start + 1, end),
  clause: clauseStarts,
  word: wordStarts,
} as const satisfies Record<string, Level>;
export type CutLevel = keyof typeof LEVEL_TABLE;
const LEVEL_NAMES = Object.keys(LEVEL_TABLE) as CutLevel[];
const LEVELS: readonly Level[] = Object.values(LEVEL_TABLE);

export interface SplitResult {
  /** Interior cuts, sorted. */
  cuts: number[];
  /** Pieces that still break the limits because nothing allowed a cut inside them. */
  overLimit: Array<[number, number]>;
}

/**
 * Cuts text[start, end) into pieces within the limits, using the best boundary level that has
 * any allowed cut, packing whole units greedily. `allowed` vetoes cuts (e.g. inside a code block).
 * `from` skips the levels above it: for a caller that knows they hold no cut inside the range
 * (a range between two sentence starts holds no sentence, line or paragraph start but blank
 * lines, where no cut falls), the same result without scanning for them.
 */
export function splitToFit(text: string, start: number, end: number, limits: Limits, allowed: (offset: number) => boolean = () => true, from: CutLevel = 'paragraph'): SplitResult {
  const result: SplitResult = { cuts: [], overLimit: [] };
  if (fitsByLength(start, end, limits)) return result; // the common case, without a second token count
  splitInto(text, start, end, limits, allowed, LEVEL_NAMES.indexOf(from), result);
  result.cuts.sort((a, b) => a - b);
  return result;
}

function splitInto(text: string, start: number, end: number, limits: Limits, allowed: (offset: number) => boolean, level: number, out: SplitResult): void {
  if (fits(text, start, end, limits)) return;
  for (let l = level; l < LEVELS.length; l++) {
    // A cut at a blank line would start the next piece with it: blank lines end pieces instead.
    // The level's offsets, kept in place where a cut may fall; then `end` closes the last unit.
    const units = (LEVELS[l] as Level)(text, start, end);
    let kept = 0;
    for (const c of units) if (c > start && c < end && allowed(c) && !isBlankLine(text, c)) units[kept++] = c;
    if (kept === 0) continue;
    units.length = kept;
    units.push(end);
    // A single unit that is too long on its own: split it at the next level down.
    packUnits(text, start, units, limits, out.cuts, (from, to) => splitInto(text, from, to, limits, allowed, l + 1, out));
    return;
  }
  hardSplit(text, start, end, limits, allowed, out);
}

/**
 * Greedy packing from `start` over whole units (unit i ends at `unitEnds[i]`, the last at the
 * range's end): each piece extends while it still fits; a unit too long on its own goes to
 * `splitUnit`, which cuts inside it. Cuts between pieces are pushed onto `cuts`.
 */
export function packUnits(
  text: string,
  start: number,
  unitEnds: readonly number[],
  limits: Limits,
  cuts: number[],
  splitUnit: (start: number, end: number) => void,
): void {
  const end = unitEnds[unitEnds.length - 1] as number;
  let pieceStart = start;
  let lastFit = -1;
  for (let u = 0; u < unitEnds.length; u++) {
    const unitEnd = unitEnds[u] as number;
    if (fits(text, pieceStart, unitEnd, limits)) {
      lastFit = unitEnd;
      continue;
    }
    if (lastFit > pieceStart) {
      cuts.push(lastFit);
      pieceStart = lastFit;
      u--; // retry this unit from the new piece start
      lastFit = -1;
      continue;
    }
    splitUnit(pieceStart, unitEnd);
    if (unitEnd < end) cuts.push(unitEnd);
    pieceStart = unitEnd;
    lastFit = -1;
  }
}

/** Last resort: cut between user-perceived characters, as late as the limits allow. */
function hardSplit(text: string, start: number, end: number, limits: Limits, allowed: (offset: number) => boolean, out: SplitResult): void {
  let pieceStart = start;
  while (!fits(text, pieceStart, end, limits)) {
    let target = Math.min(end - 1, pieceStart + limits.maxChars);
    let cut: number | null = null;
    while (target > pieceStart) {
      // A vetoed spot (inside a code block, say) needs no grapheme look-up: halve at once.
      if (!allowed(target)) {
        target -= Math.max(1, Math.floor((target - pieceStart) / 2));
        continue;
      }
      const candidate = graphemeBoundaryAtOrBefore(text, target, pieceStart);
      if (candidate === null || candidate >= end) break;
      if (allowed(candidate) && fits(text, pieceStart, candidate, limits)) {
        cut = candidate;
        break;
      }
      // Too many tokens (or a vetoed spot): halve the distance and try again.
      target = candidate - Math.max(1, Math.floor((candidate - pieceStart) / 2));
    }
    if (cut === null) {
      // The first character cluster alone breaks the limits: keep it whole, report it, go on.
      const next = graphemeBoundaryAfter(text, pieceStart);
      if (next >= end || !allowed(next)) {
        out.overLimit.push([pieceStart, end]);
        return;
      }
      out.overLimit.push([pieceStart, next]);
      out.cuts.push(next);
      pieceStart = next;
      continue;
    }
    out.cuts.push(cut);
    pieceStart = cut;
  }
}

/** One warning per piece that could not be brought within the limits. */
export function overLimitWarnings(pieces: Array<[number, number]>, limits: Limits, why: string): SegmentationWarning[] {
  return pieces.map(([start, end]) => ({
    code: 'over-limit',
    message: `segment at ${start} has ${end - start} chars (limit ${limits.maxChars}${limits.maxTokens !== undefined ? `, ${limits.maxTokens} tokens` : ''}): ${why}`,
    offset: start,
  }));
}
