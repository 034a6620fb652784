/**
 * Splits Markdown at its headings, for the `tech-docs` corpora: the gold boundaries are where the
 * sections started. By default the heading lines are dropped (`tech-docs`: the headings are the
 * gold, left in they would give it away); with `keepHeadings` each section opens with its own
 * heading lines (`tech-docs-headed`: for measuring heading context in retrieval). Headings inside
 * fenced code blocks are code, not headings. Recognised: ATX (`## x`), setext (`x` over
 * `===`/`---`) and whole-line HTML `<h1>`–`<h6>`.
 */

export interface MarkdownShape {
  /**
   * Section bodies in order, each trimmed; sections without body text dropped. Heading lines
   * removed, or with `keepHeadings` kept at the start of their section (a heading with no body
   * of its own, such as `## API` right above `### get`, opens the next section).
   */
  sections: string[];
  codeBlocks: number;
  tableRows: number;
  listItems: number;
  /** Lines outside code that start with an HTML tag: badge-heavy READMEs are mostly these. */
  htmlLines: number;
  lines: number;
}

export interface SectionOptions {
  /** Headings at this level or above start a section; deeper ones are only removed (or kept inline). Default 3. */
  maxLevel?: number;
  /** Keep the heading lines in the text, each section starting with its own. Default false. */
  keepHeadings?: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;
const HTML_HEADING = /^\s*<h([1-6])\b[^>]*>.*<\/h\1>\s*$/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+\S/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;

interface Section {
  lines: string[];
  /** Whether any line besides the section's own opening headings is there. */
  hasBody: boolean;
  /** The last line that is not a heading: a setext heading needs a blank line (or nothing) before it. */
  lastBodyLine?: string;
}

function isParagraphLine(line: string): boolean {
  return line.trim() !== '' && !LIST_ITEM.test(line) && !TABLE_ROW.test(line) && !ATX.test(line) && !line.trimStart().startsWith('<');
}

export function splitMarkdownSections(markdown: string, options: SectionOptions = {}): MarkdownShape {
  const maxLevel = options.maxLevel ?? 3;
  const keepHeadings = options.keepHeadings ?? false;
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const sections: Section[] = [{ lines: [], hasBody: false }];
  const shape = { codeBlocks: 0, tableRows: 0, listItems: 0, htmlLines: 0, lines: lines.length };
  let fence: { char: string; length: number } | null = null;
  const current = () => sections[sections.length - 1] as Section;
  const body = (line: string, isHeading = false): void => {
    const section = current();
    section.lines.push(line);
    if (line.trim() !== '') section.hasBody = true;
    if (!isHeading) section.lastBodyLine = line;
  };
  const heading = (level: number, headingLines: string[]): void => {
    const starts = level <= maxLevel;
    // Kept, a heading with no body yet (its parent's, say) stays to open the section after it.
    if (starts && !(keepHeadings && !current().hasBody)) sections.push({ lines: [], hasBody: false });
    if (!keepHeadings) return;
    if (starts) current().lines.push(...headingLines);
    else for (const line of headingLines) body(line, true);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      body(line);
      if (fenceMatch && fenceMatch[1]?.[0] === fence.char && (fenceMatch[1]?.length ?? 0) >= fence.length && line.trim() === fenceMatch[1]) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = { char: fenceMatch[1]?.[0] ?? '`', length: fenceMatch[1]?.length ?? 3 };
      shape.codeBlocks++;
      body(line);
      continue;
    }
    const atx = ATX.exec(line);
    const html = HTML_HEADING.exec(line);
    if (atx || html) {
      heading(atx ? (atx[1]?.length ?? 1) : Number(html?.[1]), [line]);
      continue;
    }
    const next = lines[i + 1];
    if (next !== undefined && isParagraphLine(line) && (SETEXT_1.test(next) || SETEXT_2.test(next))) {
      // A setext underline turns only a one-line paragraph into a heading here: a longer paragraph
      // over `---` is rarer in READMEs than a horizontal rule after text, and keeping text is safer.
      const previous = current().lastBodyLine;
      if (previous === undefined || previous.trim() === '') {
        heading(SETEXT_1.test(next) ? 1 : 2, [line, next]);
        i++;
        continue;
      }
    }
    if (TABLE_ROW.test(line)) shape.tableRows++;
    if (LIST_ITEM.test(line)) shape.listItems++;
    if (line.trimStart().startsWith('<')) shape.htmlLines++;
    body(line);
  }
  const bodies = sections
    .filter((s) => s.hasBody)
    .map((s) => s.lines.join('\n').replace(/^(?:[ \t]*\n)+/, '').trimEnd());
  return { sections: bodies, ...shape };
}
