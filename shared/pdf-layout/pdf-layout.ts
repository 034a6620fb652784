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
import type { PdfLine, PdfPageItems } from './types';

export interface PdfLayoutResult {
  text: string;
  headings: number;
  headerFooterLines: number;
  pageNumbers: number;
  hyphenationsJoined: number;
  contentsLines: number;
  twoColumnPages: number;
}

type Block = { kind: 'heading'; level: number; text: string; last: PdfLine } | { kind: 'paragraph'; text: string; last: PdfLine } | { kind: 'contents'; text: string; last: PdfLine };

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
      blocks.push({ kind: 'contents', text: entry, last: line });
      continue;
    }
    const level = ranks.levelOf(line);
    if (level > 0) {
      // A heading set on two lines is one heading.
      if (last?.kind === 'heading' && last.level === level && continuesParagraph(last.last, line, usual * 1.6, '')) {
        last.text = joinLine(last.text, line.text).text;
        last.last = line;
      } else blocks.push({ kind: 'heading', level, text: line.text, last: line });
      continue;
    }
    if (last?.kind === 'paragraph' && continuesParagraph(last.last, line, usual, last.text)) {
      const joined = joinLine(last.text, line.text);
      if (joined.joined) hyphenationsJoined++;
      last.text = joined.text;
      last.last = line;
      continue;
    }
    blocks.push({ kind: 'paragraph', text: line.text, last: line });
  }
  const parts: string[] = [];
  blocks.forEach((block, i) => {
    const text = block.kind === 'heading' && !plain ? `${'#'.repeat(block.level)} ${block.text}` : block.kind === 'contents' && !plain ? `- ${block.text}` : block.text;
    // Contents entries one per line, as a list; every other block after a blank line.
    const sameList = block.kind === 'contents' && blocks[i - 1]?.kind === 'contents';
    parts.push(i === 0 ? text : sameList ? `\n${text}` : `\n\n${text}`);
  });
  const text = parts.length ? parts.join('') + '\n' : '';
  return {
    text,
    headings: blocks.filter((b) => b.kind === 'heading').length,
    headerFooterLines: furniture.headerFooterLines,
    pageNumbers: furniture.pageNumbers,
    hyphenationsJoined,
    contentsLines,
    twoColumnPages,
  };
}
