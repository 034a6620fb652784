/**
 * Splits Markdown at its headings and drops the heading lines, for the `tech-docs` corpus: the
 * gold boundaries are where the sections started. Headings inside fenced code blocks are code,
 * not headings. Recognised: ATX (`## x`), setext (`x` over `===`/`---`) and whole-line HTML
 * `<h1>`–`<h6>`.
 */

export interface MarkdownShape {
  /** Section bodies in order, heading lines removed, each trimmed; empty sections dropped. */
  sections: string[];
  codeBlocks: number;
  tableRows: number;
  listItems: number;
  /** Lines outside code that start with an HTML tag: badge-heavy READMEs are mostly these. */
  htmlLines: number;
  lines: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;
const HTML_HEADING = /^\s*<h([1-6])\b[^>]*>.*<\/h\1>\s*$/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+\S/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;

function isParagraphLine(line: string): boolean {
  return line.trim() !== '' && !LIST_ITEM.test(line) && !TABLE_ROW.test(line) && !ATX.test(line) && !line.trimStart().startsWith('<');
}

/** `maxLevel`: headings at this level or above start a section; deeper ones are only removed. */
export function splitMarkdownSections(markdown: string, maxLevel = 3): MarkdownShape {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const sections: string[][] = [[]];
  const shape = { codeBlocks: 0, tableRows: 0, listItems: 0, htmlLines: 0, lines: lines.length };
  let fence: { char: string; length: number } | null = null;

  const heading = (level: number): void => {
    if (level <= maxLevel) sections.push([]);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const current = sections[sections.length - 1] as string[];
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      current.push(line);
      if (fenceMatch && fenceMatch[1]?.[0] === fence.char && (fenceMatch[1]?.length ?? 0) >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = { char: fenceMatch[1]?.[0] ?? '`', length: fenceMatch[1]?.length ?? 3 };
      shape.codeBlocks++;
      current.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    const html = HTML_HEADING.exec(line);
    if (atx || html) {
      heading(atx ? (atx[1]?.length ?? 1) : Number(html?.[1]));
      continue;
    }
    const next = lines[i + 1];
    if (next !== undefined && isParagraphLine(line) && (SETEXT_1.test(next) || SETEXT_2.test(next))) {
      // A setext underline turns only a one-line paragraph into a heading here: a longer paragraph
      // over `---` is rarer in READMEs than a horizontal rule after text, and keeping text is safer.
      const previous = current[current.length - 1];
      if (previous === undefined || previous.trim() === '') {
        heading(SETEXT_1.test(next) ? 1 : 2);
        i++;
        continue;
      }
    }
    if (TABLE_ROW.test(line)) shape.tableRows++;
    if (LIST_ITEM.test(line)) shape.listItems++;
    if (line.trimStart().startsWith('<')) shape.htmlLines++;
    current.push(line);
  }
  const bodies = sections.map((s) => s.join('\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd()).filter((b) => b.trim() !== '');
  return { sections: bodies, ...shape };
}
