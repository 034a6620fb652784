/**
 * `structural`: cuts where the document's own structure says a new part begins.
 *
 * 1. The text is read as Markdown blocks (plain text is just paragraphs).
 * 2. Every block starts a piece, except that a heading is glued to the block after it, so a
 *    heading always starts a segment together with its body. Blank lines stay with the piece
 *    before them.
 * 3. A piece over the limits is cut at the best boundary inside it (paragraph > line > sentence >
 *    clause > word), but never inside a fenced or indented code block, a $$ formula block, a
 *    table or a list, and never between a heading and its body. Such a block that is over the
 *    limit on its own stays whole, with an 'over-limit' warning: a broken code block or table
 *    is worse for every downstream use than a long one.
 * 4. Tiny pieces (under minChars) are merged into the piece before them, or the one after them,
 *    when the result stays within the limits; a piece that starts with a heading is never merged
 *    into the piece before it.
 */
import { segmentationFromCuts } from '../document/segmentation';
import { ATOMIC_KINDS, markdownBlocks, type Block } from '../text/blocks';
import { graphemeBoundaryAfter } from '../text/graphemes';
import { isBlankChar } from '../text/lines';
import { concatAll } from '../util/concat-all';
import { lowerBound } from '../util/lower-bound';
import { fits, fitsByLength, overLimitWarnings, resolveLimits, splitToFit, type Limits } from './limits';
import type { RuleStrategy } from './types';

/** Default maximum segment length: a few paragraphs, a comfortable retrieval chunk. */
export const STRUCTURAL_MAX_CHARS = 2000;
/** Default minimum: shorter pieces (a lone short line, a heading with a one-line body) get merged. */
export const STRUCTURAL_MIN_CHARS = 100;

interface Piece {
  start: number;
  startsWithHeading: boolean;
  /** Where the piece's code, formula, table or list block ends, when the piece starts with one (else -1). */
  atomicEnd: number;
}

/** Piece starts: each block's start, except the block right after a heading (glued to it). */
function blockPieces(blocks: Block[]): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block;
    if (i > 0 && blocks[i - 1]?.kind === 'heading') continue;
    const start = pieces.length === 0 ? 0 : block.start;
    const atomicEnd = start === block.start && ATOMIC_KINDS.has(block.kind) ? block.end : -1;
    pieces.push({ start, startsWithHeading: block.kind === 'heading', atomicEnd });
  }
  return pieces;
}

/**
 * Where a cut may fall: not inside an atomic block, not inside a heading or between it and its
 * body. Asked for a piece, it answers undefined when no such range reaches inside the piece, so
 * that the piece's cuts are not each looked up (any cut is allowed there).
 */
function cutVeto(blocks: Block[]): (start: number, end: number) => ((offset: number) => boolean) | undefined {
  const forbidden: Array<[number, number]> = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block;
    if (ATOMIC_KINDS.has(block.kind)) forbidden.push([block.start, block.end]);
    // A heading, the blank lines after it and the first line of its body stay together.
    if (block.kind === 'heading') forbidden.push([block.start, (blocks[i + 1]?.start ?? block.end) + 1]);
  }
  const forbiddenStarts = forbidden.map(([start]) => start);
  // reach[k]: the furthest end of forbidden[0..k].
  const reach: number[] = [];
  for (const [, end] of forbidden) reach.push(Math.max(end, reach[reach.length - 1] ?? end));
  const allowed = (offset: number) => {
    const lo = lowerBound(forbiddenStarts, offset);
    // Ranges are sorted by start and may nest only by overlapping the previous one.
    for (let k = lo - 1; k >= 0 && k >= lo - 2; k--) {
      const [s, e] = forbidden[k] as [number, number];
      if (s < offset && offset < e) return false;
    }
    return true;
  };
  return (start, end) => {
    // A cut inside the piece lies after `start`: ranges that end by start + 1 veto none of them.
    const last = lowerBound(forbiddenStarts, end) - 1;
    return last >= 0 && (reach[last] as number) > start + 1 ? allowed : undefined;
  };
}

/**
 * What splitToFit would answer, without scanning every boundary level only to veto each
 * candidate: a piece that is an atomic block longer than maxChars, followed by nothing but blank
 * lines, has no allowed cut (inside the block everything is vetoed, a blank line never starts a
 * piece, and the character-level search never reaches past maxChars), so it stays whole and
 * over the limit. Any other piece goes through splitToFit.
 */
function keptWholeOverLimit(text: string, piece: Piece, end: number, limits: Limits): boolean {
  const blockEnd = piece.atomicEnd;
  if (blockEnd < 0 || piece.start + limits.maxChars >= blockEnd) return false;
  for (let i = blockEnd; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x0a && c !== 0x0d && !isBlankChar(c)) return false;
  }
  // splitToFit's last resort tries the first character cluster: it must end inside the block.
  return graphemeBoundaryAfter(text, piece.start) < blockEnd;
}

/** From lastIndex: the whitespace String.prototype.trim would take off (\s is the same set). */
const LEADING_SPACE = /\s*/y;
/** From lastIndex: whitespace, then something else. */
const CONTENT_AHEAD = /\s*\S/y;

/**
 * Whether text[start, end) holds at least `minChars` code units once trimmed: its first
 * non-whitespace code unit, and another at least minChars - 1 further on. Two sticky searches of
 * the native regular expression engine on the text up to `end` (a slice, which copies nothing),
 * usually over a few code units each, instead of a JavaScript loop that V8 compiles on a first
 * call. Blank lines do not make a piece less tiny.
 */
function contentReach(text: string, minChars: number): (start: number, end: number) => boolean {
  const need = Math.ceil(minChars); // a length is a whole number: under minChars is under its ceiling
  if (!(need > 0)) return () => true;
  return (start, end) => {
    const upToEnd = end === text.length ? text : text.slice(0, end);
    LEADING_SPACE.lastIndex = start;
    LEADING_SPACE.test(upToEnd);
    const from = LEADING_SPACE.lastIndex + need - 1;
    if (from >= end) return false;
    CONTENT_AHEAD.lastIndex = from;
    return CONTENT_AHEAD.test(upToEnd);
  };
}

/** The starts of the pieces left once tiny ones are merged into a neighbour (see the module comment). */
function mergeTiny(text: string, pieces: Piece[], limits: Limits, minChars: number): number[] {
  const kept: number[] = [];
  const notTiny = contentReach(text, minChars);
  // Whether the last kept piece, as far as it reaches now, is tiny: carried from one piece to
  // the next (each piece's content is measured once, and again only when it grows by a merge).
  let lastTiny = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    const end = pieces[i + 1]?.start ?? text.length;
    const thisTiny = !notTiny(piece.start, end);
    const lastStart = kept[kept.length - 1];
    if (lastStart !== undefined && !piece.startsWithHeading && (lastTiny || thisTiny) && fits(text, lastStart, end, limits)) {
      lastTiny = !notTiny(lastStart, end);
      continue;
    }
    kept.push(piece.start);
    lastTiny = thisTiny;
  }
  return kept;
}

export const structural: RuleStrategy = {
  name: 'structural',
  description: `Cuts at paragraphs and Markdown headings; never inside code, formula, table or list blocks; merges pieces under minChars (default ${STRUCTURAL_MIN_CHARS}); honours --max-chars (default ${STRUCTURAL_MAX_CHARS}) and --max-tokens.`,
  segment(text, options) {
    const limits = resolveLimits(options, STRUCTURAL_MAX_CHARS);
    const minChars = options.minChars ?? Math.min(STRUCTURAL_MIN_CHARS, Math.floor(limits.maxChars / 4));
    const blocks = markdownBlocks(text);
    // Built when a piece first needs splitting: most texts have few such pieces, some none.
    let veto: ReturnType<typeof cutVeto> | undefined;
    const overLimit: Array<[number, number]> = [];
    const byBlock = blockPieces(blocks);
    // The pieces are the block pieces with the cuts of each over-long one after it: copied
    // (natively, in runs) only around those, most texts having few.
    const runs: Piece[][] = [];
    let copied = 0;
    for (let i = 0; i < byBlock.length; i++) {
      const piece = byBlock[i] as Piece;
      const end = byBlock[i + 1]?.start ?? text.length;
      // Most pieces: nothing to split, no result objects. (A piece within maxChars is never kept
      // whole over the limit, so this test may come first.)
      if (fitsByLength(piece.start, end, limits)) continue;
      if (keptWholeOverLimit(text, piece, end, limits)) {
        overLimit.push([piece.start, end]);
        continue;
      }
      const split = splitToFit(text, piece.start, end, limits, (veto ??= cutVeto(blocks))(piece.start, end));
      for (const range of split.overLimit) overLimit.push(range);
      if (split.cuts.length === 0) continue;
      runs.push(byBlock.slice(copied, i + 1), split.cuts.map((cut) => ({ start: cut, startsWithHeading: false, atomicEnd: -1 })));
      copied = i + 1;
    }
    if (copied > 0) runs.push(byBlock.slice(copied));
    const pieces = copied === 0 ? byBlock : concatAll(runs);
    const kept = mergeTiny(text, pieces, limits, minChars);
    return {
      segmentation: segmentationFromCuts(text, kept),
      warnings: overLimitWarnings(overLimit, limits, 'a code, formula, table or list block is kept whole'),
    };
  },
};
