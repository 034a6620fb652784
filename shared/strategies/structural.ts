/**
 * `structural`: cuts where the document's own structure says a new part begins.
 *
 * 1. The text is read as Markdown blocks, with the structure plain text gives itself on top
 *    (text/plain-structure.ts): heading lines that are not Markdown (a short line standing alone,
 *    a man page's `DESCRIPTION` over its indented body, `2.1 Scope`), lines ending with a colon
 *    that introduce a list or code block, and a man page's indentation read as a margin, not code.
 * 2. Every block starts a piece, except that a heading, or an introducing line, is glued to the
 *    block after it, so a heading always starts a segment together with its body, and an
 *    introduction stays with what it introduces. Blank lines stay with the piece before them.
 * 3. A piece over the limits is cut at the best boundary inside it (paragraph > line > sentence >
 *    clause > word), but not inside a fenced or indented code block, a $$ formula block, a
 *    table or a list, and never between a heading and its body. A block over the limit on its
 *    own is cut at its inner boundaries (block-split.ts: list items keeping their nesting, table
 *    rows, code at blank lines then lines), each part after the first noting the block it
 *    `continues`; only a single line over the limit stays whole, with an 'over-limit' warning.
 *    With `blocks: 'whole'`, such a block stays whole instead, with that warning.
 * 4. Tiny pieces (under minChars) are merged with a neighbour while the result stays within the
 *    limits, until they reach minChars: a piece without a heading into the piece before it; a
 *    tiny piece that starts with a heading takes the pieces after it (its body, its subsections,
 *    its sibling sections: a term and its one-line definition, then the next), and, where the
 *    next is a higher heading, joins the section before it (a sibling, or the section that holds
 *    it). Never across a heading of a higher level (heading-level.ts), and never a heading into a
 *    section below its own level; a top-level heading (level 1: a chapter, a man page's section)
 *    always starts a segment, unless the tiny piece before it is no section (looseTopPiece). A term over its `: definition` line is a term, not a heading.
 */
import { ATOMIC_KINDS, type BlockKind } from '../text/blocks';
import { structureBlocks, type StructureBlocks } from '../text/plain-structure';
import { graphemeBoundaryAfter } from '../text/graphemes';
import { isBlankChar } from '../text/lines';
import { lowerBound } from '../util/lower-bound';
import { fits, fitsByLength, overLimitWarnings, resolveLimits, splitToFit, type Limits } from './limits';
import { defineRuleStrategy } from './types';
import { headingLevel } from '../text/heading-level';
import { splitBlocksToFit } from './block-split';
import type { SegmentNote } from '../document/types';

/** Default maximum segment length: a few paragraphs, a comfortable retrieval chunk. */
export const STRUCTURAL_MAX_CHARS = 2000;
/** Default minimum: shorter pieces (a lone short line, a heading with a one-line body) get merged. */
export const STRUCTURAL_MIN_CHARS = 100;

/**
 * Where a cut may fall: not inside an atomic block, not inside a heading or between it and its
 * body. Asked for a piece, it answers undefined when no such range reaches inside the piece, so
 * that the piece's cuts are not each looked up (any cut is allowed there).
 */
function cutVeto({ kinds, starts, ends, introductions }: StructureBlocks): (start: number, end: number) => ((offset: number) => boolean) | undefined {
  // Forbidden ranges, sorted by start; reach[k]: the furthest end of ranges 0..k.
  const forbiddenStarts: number[] = [];
  const forbiddenEnds: number[] = [];
  const reach: number[] = [];
  const forbid = (start: number, end: number) => {
    forbiddenStarts.push(start);
    forbiddenEnds.push(end);
    reach.push(Math.max(end, reach[reach.length - 1] ?? end));
  };
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i] as BlockKind;
    if (ATOMIC_KINDS.has(kind)) forbid(starts[i] as number, ends[i] as number);
    // A heading, the blank lines after it and the first line of its body stay together.
    if (kind === 'heading') forbid(starts[i] as number, (starts[i + 1] ?? (ends[i] as number)) + 1);
    // An introducing line and the first line of what it introduces, likewise.
    const intro = introductions[i] as number;
    if (intro >= 0) forbid(intro, (starts[i + 1] as number) + 1);
  }
  const allowed = (offset: number) => {
    const lo = lowerBound(forbiddenStarts, offset);
    // Ranges are sorted by start and may nest only by overlapping the previous one.
    for (let k = lo - 1; k >= 0 && k >= lo - 2; k--) {
      if ((forbiddenStarts[k] as number) < offset && offset < (forbiddenEnds[k] as number)) return false;
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
function keptWholeOverLimit(text: string, start: number, blockEnd: number, end: number, limits: Limits): boolean {
  if (blockEnd < 0 || start + limits.maxChars >= blockEnd) return false;
  for (let i = blockEnd; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x0a && c !== 0x0d && !isBlankChar(c)) return false;
  }
  // splitToFit's last resort tries the first character cluster: it must end inside the block.
  return graphemeBoundaryAfter(text, start) < blockEnd;
}

/** From lastIndex: the whitespace String.prototype.trim would take off (\s is the same set). */
const LEADING_SPACE = /\s*/y;
/** From lastIndex: whitespace, then something else. */
const CONTENT_AHEAD = /\s*\S/y;

/** A printable ASCII code unit: never whitespace (the common first and nth character of a piece). */
function isVisibleAscii(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/**
 * Whether text[start, end) holds at least `minChars` code units once trimmed: its first
 * non-whitespace code unit, and another at least minChars - 1 further on. Most pieces start with
 * a visible character and have one minChars - 1 or minChars further on, which a few reads settle; the others
 * take two sticky searches of the native regular expression engine on the text up to `end` (a
 * slice, which copies nothing). Blank lines do not make a piece less tiny.
 */
function contentReach(text: string, minChars: number): (start: number, end: number) => boolean {
  const need = Math.ceil(minChars); // a length is a whole number: under minChars is under its ceiling
  if (!(need > 0)) return () => true;
  return (start, end) => {
    if (isVisibleAscii(text.charCodeAt(start))) {
      const from = start + need - 1;
      if (from >= end) return false;
      // A visible character there, or just after it (a space at `from` is common).
      if (isVisibleAscii(text.charCodeAt(from)) || (from + 1 < end && isVisibleAscii(text.charCodeAt(from + 1)))) return true;
    }
    const upToEnd = end === text.length ? text : text.slice(0, end);
    LEADING_SPACE.lastIndex = start;
    LEADING_SPACE.test(upToEnd);
    const from = LEADING_SPACE.lastIndex + need - 1;
    if (from >= end) return false;
    CONTENT_AHEAD.lastIndex = from;
    return CONTENT_AHEAD.test(upToEnd);
  };
}

/** A piece's heading level when it starts with a heading; NO_HEADING otherwise. */
export const NO_HEADING = 0;
/** Top-level headings (a chapter, a man page's NAME or SEE ALSO) always start a segment. */
const TOP_LEVEL = 1;

const ATX_LINE = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const CAPITALS_LINE = /^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$/u;

/**
 * Whether a tiny piece that starts with a top-level heading is no section of its own: only heading
 * lines (a contents list: `SYNOPSIS`, `COPYRIGHT`), or a `#` line with its one or two lines right
 * under it (a comment in an unfenced config or shell example, read as a heading). Such a piece
 * joins the top-level section after it, its sibling.
 */
function looseTopPiece(text: string, from: number, to: number): boolean {
  const lines = text.slice(from, to).split(/\r?\n/);
  const filled = lines.filter((line) => line.trim() !== '');
  // A line indented deeper than the first is a body under it, whatever its letters (a man page's
  // `NAME` over `       DROP RULE - 删除一个规则`, capitals and Han without a lower-case letter).
  const margin = (filled[0] ?? '').length - (filled[0] ?? '').trimStart().length;
  const headingLine = (line: string) => ATX_LINE.test(line) || (CAPITALS_LINE.test(line.trim()) && line.length - line.trimStart().length <= margin);
  if (filled.every(headingLine)) return true;
  return ATX_LINE.test(lines[0] as string) && (lines[1] ?? '').trim() !== '';
}

/**
 * Takes the pieces in order and keeps the starts of those left once tiny ones are merged with a
 * neighbour (see the module comment). Each piece's content is measured once, and again only when
 * it grows by a merge. `finish` settles the last piece.
 */
function tinyMerger(
  text: string,
  limits: Limits,
  minChars: number,
): { add(start: number, end: number, heading: number): void; finish(end: number): void; kept: number[] } {
  const kept: number[] = [];
  // Per kept piece: its heading level (NO_HEADING when it does not start with one) and the level
  // of the section it lies in (0 before any heading).
  const headings: number[] = [];
  const sections: number[] = [];
  const notTiny = contentReach(text, minChars);
  // Whether the last kept piece, as far as it reaches now, is tiny.
  let lastTiny = false;
  /** A tiny heading piece that could not take the piece after it joins its sibling section before it. */
  const settleBackward = (end: number) => {
    const n = kept.length;
    const heading = headings[n - 1] as number;
    // Into a sibling section, or into the section that holds it (its parent: a last `#### Community`
    // under `## Notice`); never into a section below its own level.
    if (!lastTiny || n < 2 || heading <= TOP_LEVEL || (sections[n - 2] as number) > heading) return;
    if (!fits(text, kept[n - 2] as number, end, limits)) return;
    kept.pop();
    headings.pop();
    sections.pop();
    lastTiny = !notTiny(kept[n - 2] as number, end);
  };
  return {
    kept,
    add(start, end, heading) {
      const thisTiny = !notTiny(start, end);
      const n = kept.length;
      const lastHeading = headings[n - 1] ?? NO_HEADING;
      // A piece without a heading joins a tiny one before it, or, tiny, the one before it. A
      // heading joins only a tiny heading piece of its level or above (forward after a heading).
      const joins =
        heading === NO_HEADING
          ? lastTiny || thisTiny
          : lastTiny && lastHeading !== NO_HEADING && heading >= lastHeading && (heading > TOP_LEVEL || looseTopPiece(text, kept[n - 1] as number, start));
      if (n > 0 && joins && fits(text, kept[n - 1] as number, end, limits)) {
        lastTiny = !notTiny(kept[n - 1] as number, end);
        return;
      }
      settleBackward(start);
      const section = heading !== NO_HEADING ? heading : (sections[kept.length - 1] ?? 0);
      kept.push(start);
      headings.push(heading);
      sections.push(section);
      lastTiny = thisTiny;
    },
    finish(end) {
      settleBackward(end);
    },
  };
}

export const structural = defineRuleStrategy({
  name: 'structural',
  kind: 'rules',
  description: `Cuts at paragraphs and headings (Markdown or plain: a short line standing alone, a man page's sections); inside a code, formula, table or list block only when it is over the limit on its own (at items, rows, lines); merges pieces under minChars (default ${STRUCTURAL_MIN_CHARS}); honours --max-chars (default ${STRUCTURAL_MAX_CHARS}) and --max-tokens.`,
  options: {
    minChars: {
      type: 'int',
      min: 1,
      max: 10_000_000,
      default: STRUCTURAL_MIN_CHARS,
      label: 'Min chars',
      help: 'pieces shorter than this merge with a neighbour within the limits, until they reach it: sibling sections too (forward after a heading, else backward into a sibling or the section that holds it), never across a higher heading; a top-level heading starts a segment unless the tiny piece before it is only heading lines (by default never more than a quarter of max chars)',
    },
    blocks: {
      type: 'enum',
      values: ['split', 'whole'],
      default: 'split',
      label: 'Long blocks',
      help: 'a list, table or code block over the limits: split = cut at items, rows, then lines (each part says which block it continues); whole = never split a block (kept over the limit, with a warning)',
    },
  },
  cut(text, options) {
    const limits = resolveLimits(options, STRUCTURAL_MAX_CHARS);
    const minChars = options.minChars ?? Math.min(STRUCTURAL_MIN_CHARS, Math.floor(limits.maxChars / 4));
    const blocks = structureBlocks(text);
    const { kinds, starts, ends, introductions } = blocks;
    const count = kinds.length;
    // Built when a piece first needs splitting: most texts have few such pieces, some none.
    let veto: ReturnType<typeof cutVeto> | undefined;
    const overLimit: Array<[number, number]> = [];
    const merger = tinyMerger(text, limits, minChars);
    const splitBlocks = (options.blocks ?? 'split') === 'split';
    const notes = new Map<number, SegmentNote>();
    /** Ranges nothing outside a block could cut: cut inside their blocks (or keep them whole); the cuts added. */
    const insideBlocks = (ranges: ReadonlyArray<readonly [number, number]>): number[] => {
      if (!splitBlocks) {
        for (const range of ranges) overLimit.push([range[0], range[1]]);
        return [];
      }
      const added: number[] = [];
      for (const [from, to] of ranges) {
        const inner = splitBlocksToFit(text, from, to, blocks, limits);
        for (const range of inner.overLimit) overLimit.push(range);
        for (const cut of inner.cuts) added.push(cut);
        for (const [cut, kind] of inner.continues) notes.set(cut, { continues: kind });
      }
      return added;
    };
    // One pass over the pieces, each merged as it comes: every block starts a piece but the
    // blocks right after a heading or an introduction (glued to it); the first piece starts at
    // the text's start.
    for (let i = 0, next = 1; i < count; i = next++) {
      while (next < count && (kinds[next - 1] === 'heading' || (introductions[next - 1] as number) >= 0)) next++;
      const start = i === 0 ? 0 : (starts[i] as number);
      const end = next < count ? (starts[next] as number) : text.length;
      const heading = kinds[i] === 'heading' ? headingLevel(text, starts[i] as number, ends[i] as number) : NO_HEADING;
      // Most pieces: nothing to split, no result objects. (A piece within maxChars is never kept
      // whole over the limit, so this test may come first.)
      if (fitsByLength(start, end, limits)) {
        merger.add(start, end, heading);
        continue;
      }
      const atomicEnd = start === starts[i] && ATOMIC_KINDS.has(kinds[i] as BlockKind) ? (ends[i] as number) : -1;
      let cuts: number[];
      if (keptWholeOverLimit(text, start, atomicEnd, end, limits)) {
        cuts = insideBlocks([[start, end]]);
      } else {
        const split = splitToFit(text, start, end, limits, (veto ??= cutVeto(blocks))(start, end));
        const inner = insideBlocks(split.overLimit);
        cuts = inner.length === 0 ? split.cuts : [...split.cuts, ...inner].sort((a, b) => a - b);
      }
      // The piece up to its first cut, then a piece from each cut, none starting with a heading.
      merger.add(start, cuts[0] ?? end, heading);
      for (let k = 0; k < cuts.length; k++) merger.add(cuts[k] as number, cuts[k + 1] ?? end, NO_HEADING);
    }
    merger.finish(text.length);
    return {
      cuts: merger.kept,
      warnings: overLimitWarnings(overLimit, limits, splitBlocks ? 'a single line of a block, or nothing to cut at' : 'a code, formula, table or list block is kept whole'),
      ...(notes.size > 0 ? { notes } : {}),
    };
  },
});
