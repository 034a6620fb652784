/**
 * HTML: the main text, as a reader view would show it. @mozilla/readability (Firefox's Reader
 * View) picks the article and drops navigation, ads and footers; linkedom gives it a DOM in Node
 * without a browser. Pages Readability finds no article in fall back to the whole body.
 * The result is plain text: one paragraph per block element, separated by blank lines;
 * whitespace inside a paragraph collapsed, except in <pre>.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const BLOCKS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE',
  'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE',
  'SECTION', 'SUMMARY', 'TABLE', 'TR', 'UL', 'CAPTION',
]);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'HEAD', 'IFRAME', 'OBJECT']);
const CELLS = new Set(['TD', 'TH']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** Collects paragraphs: every block element closes the paragraph being built. */
class ParagraphWriter {
  readonly paragraphs: string[] = [];
  private current = '';

  add(text: string): void {
    this.current += text;
  }

  close(): void {
    const paragraph = this.current.replace(/[ \t\r\n\f\v\u00a0]+/g, ' ').trim();
    if (paragraph) this.paragraphs.push(paragraph);
    this.current = '';
  }

  addVerbatim(text: string): void {
    this.close();
    const block = text.replace(/^\n+|\s+$/g, '');
    if (block.trim()) this.paragraphs.push(block);
  }
}

function walk(node: DomNode, out: ParagraphWriter): void {
  if (node.nodeType === 3) {
    out.add(node.textContent ?? '');
    return;
  }
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
  const tag = node.nodeName.toUpperCase();
  if (SKIPPED.has(tag)) return;
  if (tag === 'PRE') {
    out.addVerbatim(node.textContent ?? '');
    return;
  }
  if (tag === 'BR') {
    out.close();
    return;
  }
  const block = BLOCKS.has(tag);
  if (block) out.close();
  let cells = 0;
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i]!;
    // Table cells read as "a | b" on the row's line.
    if (CELLS.has(child.nodeName.toUpperCase()) && cells++ > 0) out.add(' | ');
    walk(child, out);
  }
  if (block) out.close();
}

function paragraphsOf(root: DomNode): string[] {
  const out = new ParagraphWriter();
  walk(root, out);
  out.close();
  return out.paragraphs;
}

/** linkedom builds no <body> for a bare fragment ("<p>hi</p>"), so fragments get a page around them. */
function parsePage(html: string) {
  const page = /<(html|body)[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  return parseHTML(page).document;
}

export function htmlToText(html: string): string {
  if (html.trim() === '') return '';
  const document = parsePage(html);
  // Readability mutates the DOM it reads, so it gets its own copy of the page.
  const article = new Readability(parsePage(html) as unknown as Document).parse();
  let paragraphs: string[] = [];
  if (article?.content) paragraphs = paragraphsOf(parsePage(article.content).body as unknown as DomNode);
  if (paragraphs.length === 0) paragraphs = paragraphsOf((document.body ?? document.documentElement) as unknown as DomNode);
  const title = article?.title?.trim();
  if (title && paragraphs.length > 0 && !paragraphs[0]!.startsWith(title)) paragraphs.unshift(title);
  return paragraphs.length ? paragraphs.join('\n\n') + '\n' : '';
}
