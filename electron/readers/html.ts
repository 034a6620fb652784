/**
 * HTML: the main text, as a reader view would show it. @mozilla/readability (Firefox's Reader
 * View) picks the article and drops navigation, ads and footers; linkedom gives it a DOM in Node
 * without a browser. Pages Readability finds no article in fall back to the whole body.
 * The result is plain text: one paragraph per block element, separated by blank lines;
 * whitespace inside a paragraph collapsed, except in <pre>.
 *
 * Hostile pages: Readability's work grows about with the cube of the nesting depth (500 nested
 * <div>s: 7 s) and it recurses, so it only reads pages up to READABILITY_MAX_DEPTH deep and
 * READABILITY_MAX_ELEMENTS elements; deeper or bigger pages are read whole by the walk below,
 * which is iterative and linear. Deeper than the nesting-depth budget is refused.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { checkBudget, type Budgets } from '../../shared/budgets/budgets';
import { articleKeepsHeadings, removeChrome } from './article-choice';

/** Real articles nest a few dozen levels; at 64 Readability stays under a second (300 blocks 64 deep: 0.8 s). */
export const READABILITY_MAX_DEPTH = 64;
/** Readability grows faster than linearly with the elements too (10,000 paragraphs: 1 s; 19,000: 4 s): past this, the walk alone. */
export const READABILITY_MAX_ELEMENTS = 10_000;

/** Marks an <h1> before Readability renames it (see pickArticle). */
export const HEADING_LEVEL_ATTRIBUTE = 'data-workbench-level';

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
  // Siblings, not childNodes: linkedom builds a childNodes list anew on each read (O(subtree)).
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
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

interface Frame {
  next: DomNode | null;
  block: boolean;
  cells: number;
}

/** Depth-first over the DOM with an explicit stack: no recursion, whatever the nesting. */
function walk(root: DomNode, out: ParagraphWriter): void {
  const stack: Frame[] = [];
  const enter = (node: DomNode): void => {
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
    stack.push({ next: node.firstChild, block, cells: 0 });
  };
  enter(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const child = frame.next;
    if (!child) {
      stack.pop();
      if (frame.block) out.close();
      continue;
    }
    frame.next = child.nextSibling;
    // Table cells read as "a | b" on the row's line.
    if (CELLS.has(child.nodeName.toUpperCase()) && frame.cells++ > 0) out.add(' | ');
    enter(child);
  }
}

/** The deepest element nesting and the number of elements, counted iteratively. */
function measure(root: DomNode): { depth: number; elements: number } {
  let depth = 0;
  let elements = 0;
  const stack: Array<{ node: DomNode; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth: at } = stack.pop()!;
    if (node.nodeType !== 1) continue;
    elements++;
    if (at + 1 > depth) depth = at + 1;
    for (let child = node.firstChild; child; child = child.nextSibling) stack.push({ node: child, depth: at + 1 });
  }
  return { depth, elements };
}

function paragraphsOf(root: DomNode): string[] {
  const out = new ParagraphWriter();
  walk(root, out);
  out.close();
  return out.paragraphs;
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** linkedom builds no <body> for a bare fragment ("<p>hi</p>"), so fragments get a page around them. */
export function parsePage(html: string) {
  const page = /<(html|body)[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  return parseHTML(page).document;
}

/** Permalink marks Sphinx, MkDocs and others put in headings ("Installing¶"). */
const PERMALINK = /^[¶§#🔗]$/u;

/**
 * Before Readability: an <a> without href is a named anchor, not a link (DocBook writes
 * `<h2><a id="x"/>Title</h2>`, which an HTML parser reads as an anchor around the title, and
 * Readability drops a heading that is all link); permalink marks in headings are not text; and
 * <h1>s are marked with their level, which Readability's renaming to <h2> would lose.
 */
function prepareForReadability(document: ReturnType<typeof parsePage>): void {
  for (const anchor of document.querySelectorAll('a:not([href])')) anchor.replaceWith(...anchor.childNodes);
  for (const anchor of document.querySelectorAll('h1 a, h2 a, h3 a, h4 a, h5 a, h6 a')) {
    if (PERMALINK.test((anchor.textContent ?? '').trim())) anchor.remove();
  }
  for (const h1 of document.querySelectorAll('h1')) h1.setAttribute(HEADING_LEVEL_ATTRIBUTE, '1');
}

/** The page's DOM, its nesting depth and the article Readability picks (null on pages too deep or big for it). */
export interface PickedArticle {
  document: ReturnType<typeof parsePage>;
  depth: number;
  article: { content?: string | null; title?: string | null } | null;
}

export function pickArticle(name: string, html: string, budgets: Budgets): PickedArticle {
  const document = parsePage(html);
  const root = document.documentElement as unknown as DomNode;
  const { depth, elements } = measure(root);
  checkBudget('nestingDepth', budgets, name, depth, `elements nested ${depth} levels deep`);
  let article: PickedArticle['article'] = null;
  if (depth <= READABILITY_MAX_DEPTH && elements <= READABILITY_MAX_ELEMENTS) {
    // Readability mutates the DOM it reads, so it gets its own copy of the page. It renames every
    // <h1> to <h2>; the attribute (copied with the element) keeps the author's level.
    const copy = parsePage(html);
    prepareForReadability(copy);
    // keepClasses: a code block's class names its language (html-markdown.ts).
    article = new Readability(copy as unknown as Document, { keepClasses: true }).parse();
    if (article?.content && !articleKeepsHeadings(document, parsePage(article.content))) {
      const page = parsePage(html);
      prepareForReadability(page);
      removeChrome(page);
      article = { title: article.title, content: page.body.innerHTML };
    }
  }
  return { document, depth, article };
}

/**
 * The page's own <title>, its whitespace collapsed, before Readability's guess: that one cuts a
 * title at separators and colons ("A - B - C" becomes "A - B") and keeps a wrapped title's
 * newlines and indentation, so the document's first paragraph came out mangled.
 */
export function pageTitle({ document, article }: Pick<PickedArticle, 'document' | 'article'>): string {
  return collapseWhitespace(document.querySelector('title')?.textContent ?? '') || collapseWhitespace(article?.title ?? '');
}

/** The picked article (or the whole body) as plain paragraphs, the title first. */
export function plainTextOf({ document, article }: PickedArticle): string {
  let paragraphs: string[] = [];
  if (article?.content) paragraphs = paragraphsOf(parsePage(article.content).body as unknown as DomNode);
  if (paragraphs.length === 0) paragraphs = paragraphsOf((document.body ?? document.documentElement) as unknown as DomNode);
  const title = pageTitle({ document, article });
  if (title && paragraphs.length > 0 && !paragraphs[0]!.startsWith(title)) paragraphs.unshift(title);
  return paragraphs.length ? paragraphs.join('\n\n') + '\n' : '';
}
