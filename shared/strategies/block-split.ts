/**
 * Cutting a list, table, code or formula block that is over the size limits at its own inner
 * boundaries, so that `structural`'s limit holds wherever a line break allows:
 *
 *   list   between top-level items first, then between items one level deeper (a nested list
 *          stays with its item while that fits), then between any lines
 *   table  between rows, never inside the header and delimiter rows (`--repair-blocks` repeats
 *          them in each continuation's exported `content`)
 *   code   at blank lines, then between any lines of its body (never right after the opening
 *          fence or before the closing one)
 *   math   between lines of its body
 *
 * Every cut inside a block is reported with the block's kind, so the segment after it says what
 * it continues. A single line of a list item over the limits is prose, cut as prose is (sentence,
 * clause, word); a single line of code, a table row or a formula stays whole, reported: cutting
 * inside one breaks it for every use.
 */
import { CONTINUED_BLOCKS, type ContinuedBlock } from '../document/types';
import type { BlockKind } from '../text/blocks';
import type { StructureBlocks } from '../text/plain-structure';
import { FENCE_LINE } from '../text/blocks';
import { lowerBound } from '../util/lower-bound';
import { fits, packUnits, splitToFit, type Limits } from './limits';


export interface BlockSplit {
  cuts: number[];
  /** The kind of block each cut falls inside. */
  continues: Map<number, ContinuedBlock>;
  /** Ranges still over the limits: a single line, or nothing to cut at. */
  overLimit: Array<[number, number]>;
}

interface Line {
  start: number;
  /** Up to its line break (excluded). */
  end: number;
  blank: boolean;
  indent: number;
}

function linesOf(text: string, start: number, end: number): Line[] {
  const lines: Line[] = [];
  let at = start;
  while (at < end) {
    let stop = text.indexOf('\n', at);
    if (stop < 0 || stop >= end) stop = end;
    const contentEnd = stop > at && text.charCodeAt(stop - 1) === 0x0d ? stop - 1 : stop;
    const body = text.slice(at, contentEnd);
    const indent = /^[ \t]*/.exec(body)?.[0].replace(/\t/g, '    ').length ?? 0;
    lines.push({ start: at, end: contentEnd, blank: body.trim() === '', indent });
    at = stop + 1;
  }
  return lines;
}

/** A Markdown list item's first line (bullet or number), or a plain one (•, –). */
const ITEM_LINE = /^[ \t]*(?:[-*+•–]|\d{1,9}[.)])(?:[ \t]|$)/;

/** Candidate cuts of one block, best level first. */
function levelsOf(text: string, kind: ContinuedBlock, start: number, end: number): number[][] {
  const lines = linesOf(text, start, end);
  const starts = (keep: (line: Line, i: number) => boolean) => lines.flatMap((line, i) => (i > 0 && !line.blank && keep(line, i) ? [line.start] : []));
  if (kind === 'list') {
    const items = lines.map((line, i) => i > 0 && !line.blank && ITEM_LINE.test(text.slice(line.start, line.end)));
    const depths = [...new Set(lines.filter((_, i) => items[i]).map((l) => l.indent))].sort((a, b) => a - b);
    // An item at each depth, the shallowest first; a line at no list depth is a continuation.
    const byDepth = depths.slice(0, 3).map((_, d) => starts((line, i) => items[i] === true && line.indent <= (depths[d] as number)));
    return [...byDepth, starts(() => true)];
  }
  if (kind === 'table') {
    // Header row and delimiter row stay together with the first rows.
    const delimiter = lines.findIndex((l) => /^[ \t]*\|?[ \t]*:?-{3,}/.test(text.slice(l.start, l.end)));
    const firstRow = delimiter >= 0 && delimiter <= 2 ? delimiter + 1 : 1;
    return [starts((_, i) => i > firstRow)];
  }
  // code and math: the body between the fences ($$ lines for math), if there are any.
  const fenced = kind === 'code' ? FENCE_LINE.test(text.slice(start, lines[0]?.end ?? start)) : /^\s*\$\$/.test(text.slice(start, lines[0]?.end ?? start));
  let last = lines.length - 1;
  while (last > 0 && (lines[last] as Line).blank) last--;
  const bodyEnd = fenced ? last : last + 1; // the closing fence's line is not a place to cut
  const inBody = (i: number) => (fenced ? i >= 2 : i >= 1) && i < bodyEnd;
  const afterBlank = starts((_, i) => inBody(i) && (lines[i - 1] as Line).blank);
  return kind === 'code' ? [afterBlank, starts((_, i) => inBody(i))] : [starts((_, i) => inBody(i))];
}

/**
 * Greedy packing over the levels, best first, as splitToFit packs paragraphs, lines, sentences;
 * `prose(start, end)`: for a range with no level left that holds prose (a list item's line), where
 * a cut may fall, cutting it as prose is cut; undefined keeps it whole.
 */
function pack(
  text: string,
  start: number,
  end: number,
  limits: Limits,
  levels: readonly number[][],
  level: number,
  prose: (start: number, end: number) => ((offset: number) => boolean) | undefined,
  out: BlockSplit,
): void {
  if (fits(text, start, end, limits)) return;
  for (let l = level; l < levels.length; l++) {
    const all = levels[l] as number[];
    const units = all.slice(lowerBound(all, start + 1), lowerBound(all, end));
    if (units.length === 0) continue;
    units.push(end);
    packUnits(text, start, units, limits, out.cuts, (from, to) => pack(text, from, to, limits, levels, l + 1, prose, out));
    return;
  }
  const allowed = prose(start, end);
  if (!allowed) {
    out.overLimit.push([start, end]);
    return;
  }
  const split = splitToFit(text, start, end, limits, allowed, 'sentence');
  out.cuts.push(...split.cuts);
  out.overLimit.push(...split.overLimit);
}

/**
 * Cuts text[start, end), a range over the limits that nothing outside a block could cut, at the
 * inner boundaries of the list, table, code and formula blocks it holds.
 */
export function splitBlocksToFit(text: string, start: number, end: number, blocks: StructureBlocks, limits: Limits): BlockSplit {
  const out: BlockSplit = { cuts: [], continues: new Map(), overLimit: [] };
  const { kinds, starts, ends } = blocks;
  const owners: Array<{ start: number; end: number; kind: ContinuedBlock }> = [];
  const levels: number[][] = [];
  // Blocks that reach into the range: the one that starts before it, and those inside it.
  for (let i = Math.max(0, lowerBound(starts, start + 1) - 1); i < kinds.length && (starts[i] as number) < end; i++) {
    const kind = kinds[i] as BlockKind;
    if (!(CONTINUED_BLOCKS as readonly string[]).includes(kind) || (ends[i] as number) <= start) continue;
    owners.push({ start: starts[i] as number, end: ends[i] as number, kind: kind as ContinuedBlock });
    levelsOf(text, kind as ContinuedBlock, starts[i] as number, Math.min(ends[i] as number, end)).forEach((cuts, l) => (levels[l] ??= []).push(...cuts));
  }
  const ownerOf = (offset: number) => owners.find((b) => b.start < offset && offset < b.end);
  for (const level of levels) level.sort((a, b) => a - b);
  // Inside a list's first line (a heading glued before it stays whole with it).
  const prose = (from: number, to: number) => {
    const list = owners.find((b) => b.kind === 'list' && b.start < to && b.end > from);
    return list ? (offset: number) => offset > list.start + 1 && offset < list.end : undefined;
  };
  pack(text, start, end, limits, levels.filter((l) => l.length > 0), 0, prose, out);
  out.cuts.sort((a, b) => a - b);
  for (const cut of out.cuts) {
    const kind = ownerOf(cut)?.kind;
    if (kind) out.continues.set(cut, kind);
  }
  return out;
}
