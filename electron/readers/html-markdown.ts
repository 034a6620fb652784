/**
 * HTML to Markdown, the way Jina Reader, Docling or Marker hand documents over: the author's
 * headings as ATX `#` lines with their level, lists as `-` / `1.` items with nesting, tables as
 * GFM pipe tables (header row kept), <pre> as fenced code with its language, block quotes,
 * definition lists as `term` / `: definition`, links and emphasis as their text alone.
 *
 * Turndown (the long-standing HTML-to-Markdown converter) does the walk, on the linkedom DOM the
 * reader already has. Its GFM plugin's table rule needs `table.rows`, which linkedom lacks, and
 * keeps a table without a header row as raw HTML; the table rules here read the element children
 * instead and take the first row as the header when the table names none.
 *
 * Text is not backslash-escaped: a chunk should read as the page reads ("snake_case", not
 * "snake\_case"). Turndown recurses once per element level, so callers keep it to pages within
 * MARKDOWN_MAX_DEPTH.
 */
import TurndownService from 'turndown';
import { strikethrough, taskListItems } from 'turndown-plugin-gfm';
import { HEADING_LEVEL_ATTRIBUTE } from './html';

/** Turndown recurses a few frames per element level; far below any stack limit. */
export const MARKDOWN_MAX_DEPTH = 256;

interface Element {
  nodeName: string;
  parentNode: Element | null;
  children?: ArrayLike<Element>;
  className?: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

/** Elements whose content is not text a reader shows. */
const REMOVED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'svg', 'IFRAME', 'OBJECT', 'HEAD', 'BUTTON', 'SELECT', 'INPUT', 'TEXTAREA']);

const LANGUAGE_CLASS = /(?:^|\s)(?:language-|lang-|highlight-|brush:\s*)([A-Za-z0-9_+#.-]+)/;
/** Pandoc writes `<pre class="sourceCode python">`. */
const PANDOC_CLASS = /(?:^|\s)sourceCode\s+([A-Za-z0-9_+#.-]+)/;

/** The language a code block's class names, on the <pre>, its <code> or a wrapper (Sphinx: div.highlight-python). */
export function codeLanguage(pre: Element): string {
  const code = pre.children?.[0]?.nodeName === 'CODE' ? pre.children[0] : null;
  const candidates: Array<Element | null> = [code, pre, pre.parentNode, pre.parentNode?.parentNode ?? null];
  for (const node of candidates) {
    const cls = node?.getAttribute?.('class') ?? '';
    const match = LANGUAGE_CLASS.exec(cls) ?? PANDOC_CLASS.exec(cls);
    if (match && match[1] !== 'default' && match[1] !== 'none') return match[1]!.toLowerCase();
  }
  return '';
}

function insideCode(node: Element): boolean {
  for (let at = node.parentNode; at; at = at.parentNode) if (at.nodeName === 'CODE' || at.nodeName === 'PRE') return true;
  return false;
}

function elementChildren(node: Element): Element[] {
  return Array.from(node.children ?? []);
}

/** The rows of a table in document order: its own <tr>s and those of its head, bodies and foot. */
function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of elementChildren(table)) {
    if (child.nodeName === 'TR') rows.push(child);
    else if (child.nodeName === 'THEAD' || child.nodeName === 'TBODY' || child.nodeName === 'TFOOT') {
      rows.push(...elementChildren(child).filter((row) => row.nodeName === 'TR'));
    }
  }
  return rows;
}

function cellCount(row: Element): number {
  return elementChildren(row).filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH').length;
}

/** What every row of a table needs to know: which row is the header and how many columns there are. */
interface TableShape {
  header: Element | undefined;
  width: number;
}

/**
 * Each table's shape, worked out once, when its first row is written: every row needs it, and
 * walking the whole table for each row made a table quadratic (4,000 rows: over a minute).
 * Keyed weakly, so a document's tables go when its DOM does.
 */
const tableShapes = new WeakMap<Element, TableShape>();

function tableShape(table: Element): TableShape {
  let shape = tableShapes.get(table);
  if (!shape) {
    const rows = tableRows(table);
    let width = 1;
    for (const row of rows) width = Math.max(width, cellCount(row));
    shape = { header: rows[0], width };
    tableShapes.set(table, shape);
  }
  return shape;
}

/** Each ordered list's item numbers, counted once for the same reason (an index per item was quadratic). */
const itemNumbers = new WeakMap<Element, Map<Element, number>>();

function itemIndex(list: Element, item: Element): number {
  let numbers = itemNumbers.get(list);
  if (!numbers) {
    numbers = new Map(elementChildren(list).filter((child) => child.nodeName === 'LI').map((child, index) => [child, index]));
    itemNumbers.set(list, numbers);
  }
  return numbers.get(item) ?? -1;
}

/** A cell's Markdown on one line: a pipe table has no multi-line cells and a `|` would end the cell. */
function cellText(content: string): string {
  return content.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

function addTableRules(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content) => ` ${cellText(content)} |`,
  });
  service.addRule('tableRow', {
    filter: 'tr',
    replacement: (content, node) => {
      const row = node as unknown as Element;
      let table: Element | null = row.parentNode;
      while (table && table.nodeName !== 'TABLE') table = table.parentNode;
      const { header, width } = table ? tableShape(table) : { header: row, width: Math.max(1, cellCount(row)) };
      const cells = cellCount(row);
      // Short rows are padded so every row has the header's columns.
      const line = `|${content}${' |'.repeat(Math.max(0, width - cells))}`;
      return header === row ? `\n${line}\n|${' --- |'.repeat(width)}` : `\n${line}`;
    },
  });
  service.addRule('tableSection', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  service.addRule('table', {
    filter: 'table',
    replacement: (content) => {
      const body = content.replace(/\n{2,}/g, '\n').trim();
      return body ? `\n\n${body}\n\n` : '';
    },
  });
  service.addRule('caption', { filter: 'caption', replacement: (content) => (content.trim() ? `\n\n${content.trim()}\n\n` : '') });
}

function addBlockRules(service: TurndownService): void {
  service.addRule('fencedCode', {
    filter: 'pre',
    replacement: (_content, node) => {
      const pre = node as unknown as Element;
      const code = (pre.textContent ?? '').replace(/^\n/, '').replace(/\s+$/, '');
      if (!code) return '';
      // A fence longer than any run of backticks inside.
      const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
      const fence = '`'.repeat(longest + 1);
      return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
    },
  });
  service.addRule('definitionList', { filter: 'dl', replacement: (content) => `\n\n${content.trim()}\n\n` });
  service.addRule('definitionTerm', { filter: 'dt', replacement: (content) => `\n\n${content.trim()}\n` });
  service.addRule('definitionDescription', {
    filter: 'dd',
    replacement: (content) => {
      const text = content.trim();
      return text ? `: ${text.replace(/\n/g, '\n  ')}\n` : '';
    },
  });
  // Headings on one line: a line break inside one would end it there.
  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = content.replace(/\s+/g, ' ').trim();
      if (!text) return '';
      const kept = Number((node as unknown as Element).getAttribute(HEADING_LEVEL_ATTRIBUTE));
      const level = kept >= 1 && kept <= 6 ? kept : Number(node.nodeName.charAt(1));
      return `\n\n${'#'.repeat(level)} ${text}\n\n`;
    },
  });
  // "- item" and "1. item", continuation lines indented to the item's text (turndown pads markers to four columns).
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const item = node as unknown as Element & { nextSibling: unknown };
      const list = item.parentNode;
      let prefix = '- ';
      if (list?.nodeName === 'OL') {
        const start = Number(list.getAttribute('start') ?? '1');
        const index = itemIndex(list, item);
        prefix = `${(Number.isFinite(start) ? start : 1) + index}. `;
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (item.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
  // Code inside code (DocBook: <code>`<code>package</code>`.cron</code>) is one span: the inner one as its text.
  service.addRule('nestedCode', {
    filter: (node) => node.nodeName === 'CODE' && insideCode(node as unknown as Element),
    replacement: (content) => content,
  });
  // Links and inline emphasis as their text: a chunk reads as the page reads.
  service.addRule('inlineText', { filter: ['a', 'strong', 'b', 'em', 'i', 'u', 'mark', 'small', 'span'], replacement: (content) => content });
  service.addRule('image', { filter: 'img', replacement: () => '' });
  service.remove((node) => REMOVED.has(node.nodeName));
}

function makeService(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced', emDelimiter: '*', hr: '---' });
  service.use([strikethrough, taskListItems]);
  addTableRules(service);
  addBlockRules(service);
  service.escape = (text: string) => text;
  return service;
}

let shared: TurndownService | null = null;

/** Markdown for a DOM element (linkedom), one blank line between blocks, ending in one newline (or empty). */
export function elementToMarkdown(root: unknown): string {
  shared ??= makeService();
  const markdown = shared
    .turndown(root as TurndownService.Node)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return markdown ? `${markdown}\n` : '';
}
