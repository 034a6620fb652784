/**
 * A PDF's pages of positioned text to the reader's text: lines in reading order (columns),
 * page furniture removed, headings by type size as `#` lines, contents lines without leaders,
 * paragraphs joined with line-end hyphenations undone. Markdown by default; `plain` writes the
 * same blocks without `#` and `-` marks.
 */
import { contentsEntry } from './pdf-contents';
import { removeFurniture } from './pdf-furniture';
import { headingRanks } from './pdf-headings';
import { continuesParagraph, joinLine, usualStep } from './pdf-join';
import { linesOfPage } from './pdf-lines';
import { keptLine, removedLine, type PdfSourceMap } from './source-map';
import type { PdfLine, PdfPageItems } from './types';

export interface PdfLayoutResult {
  text: string;
  headings: number;
  headerFooterLines: number;
  pageNumbers: number;
  hyphenationsJoined: number;
  contentsLines: number;
  twoColumnPages: number;
  /** Each line's page and box, and its range in `text` (source-map.ts). */
  sourceMap: PdfSourceMap;
}

/** A line placed in its block's text: [start, end) relative to the block. */
type Placed = { line: PdfLine; start: number; end: number };
type Block = { kind: 'heading' | 'paragraph' | 'contents'; level: number; text: string; last: PdfLine; placed: Placed[] };

const startBlock = (kind: Block['kind'], level: number, text: string, line: PdfLine): Block => ({ kind, level, text, last: line, placed: [{ line, start: 0, end: text.length }] });

/**
 * Adds a line to a block, keeping where each line lands: joinLine appends the next line as it is,
 * and may drop the previous line's end hyphen, which then ends its range.
 */
function appendLine(block: Block, line: PdfLine): boolean {
  const joined = joinLine(block.text, line.text);
  const start = joined.text.length - line.text.length;
  const previous = block.placed[block.placed.length - 1]!;
  previous.end = Math.min(previous.end, start);
  block.placed.push({ line, start, end: joined.text.length });
  block.text = joined.text;
  block.last = line;
  return joined.joined;
}

export function layoutPdf(pages: readonly PdfPageItems[], plain = false): PdfLayoutResult {
  let twoColumnPages = 0;
  const pageLines = pages.map((page, i) => {
    const { lines, twoColumns } = linesOfPage(page, i);
    if (twoColumns) twoColumnPages++;
    return lines;
  });
  const furniture = removeFurniture(pageLines, pages.map((p) => p.height));
  const lines = furniture.pages.flat();
  const ranks = headingRanks(lines);
  const usual = usualStep(lines);
  const blocks: Block[] = [];
  let hyphenationsJoined = 0;
  let contentsLines = 0;
  for (const line of lines) {
    const last = blocks[blocks.length - 1];
    const entry = contentsEntry(line.text);
    if (entry !== null) {
      contentsLines++;
      blocks.push(startBlock('contents', 0, entry, line));
      continue;
    }
    const level = ranks.levelOf(line);
    if (level > 0) {
      // A heading set on two lines is one heading.
      if (last?.kind === 'heading' && last.level === level && continuesParagraph(last.last, line, usual * 1.6, '')) appendLine(last, line);
      else blocks.push(startBlock('heading', level, line.text, line));
      continue;
    }
    if (last?.kind === 'paragraph' && continuesParagraph(last.last, line, usual, last.text)) {
      if (appendLine(last, line)) hyphenationsJoined++;
      continue;
    }
    blocks.push(startBlock('paragraph', 0, line.text, line));
  }
  const parts: string[] = [];
  const mapped: PdfSourceMap['lines'] = [];
  let at = 0;
  blocks.forEach((block, i) => {
    const prefix = block.kind === 'heading' && !plain ? `${'#'.repeat(block.level)} ` : block.kind === 'contents' && !plain ? '- ' : '';
    // Contents entries one per line, as a list; every other block after a blank line.
    const sameList = block.kind === 'contents' && blocks[i - 1]?.kind === 'contents';
    const separator = i === 0 ? '' : sameList ? '\n' : '\n\n';
    parts.push(separator + prefix + block.text);
    const base = at + separator.length + prefix.length;
    for (const { line, start, end } of block.placed) mapped.push(keptLine(line, base + start, base + end));
    at = base + block.text.length;
  });
  const removed = furniture.removed.map(({ line, reason }) => removedLine(line, reason));
  // A contents line keeps its entry; its leaders and page number, the line's end, are left out.
  for (const block of blocks) {
    if (block.kind !== 'contents') continue;
    const { line } = block.placed[0]!;
    removed.push(removedLine(line, 'contents-leader', line.x + (line.right - line.x) * Math.min(1, block.text.length / line.text.length)));
  }
  const text = parts.length ? parts.join('') + '\n' : '';
  return {
    text,
    headings: blocks.filter((b) => b.kind === 'heading').length,
    headerFooterLines: furniture.headerFooterLines,
    pageNumbers: furniture.pageNumbers,
    hyphenationsJoined,
    contentsLines,
    twoColumnPages,
    sourceMap: { kind: 'pdf', pages: pages.length, lines: mapped, removed },
  };
}
