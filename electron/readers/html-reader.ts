/**
 * HTML as Markdown: Readability picks the article (html.ts), html-markdown.ts writes it with its
 * structure. The plain walk of html.ts is the fallback, never an empty document: for `plain`
 * reading, for pages nested deeper than the converter recurses (MARKDOWN_MAX_DEPTH), and when
 * the converter throws; the last two leave a warning in the reader report.
 */
import type { Budgets } from '../../shared/budgets/budgets';
import { countHeadings } from '../../shared/document/markdown-headings';
import { pageTitle, parsePage, pickArticle, plainTextOf, type PickedArticle } from './html';
import { elementToMarkdown, MARKDOWN_MAX_DEPTH } from './html-markdown';
import { firstLine } from '../../shared/text/first-line';

export interface HtmlReading {
  text: string;
  headings: number;
  warnings: string[];
}

/** The article's title as a `#` line when the Markdown does not open with it (Readability often takes the page's <h1> out). */
function withTitle(markdown: string, title: string | undefined): string {
  if (!title) return markdown;
  const opening = markdown.split('\n', 1)[0]!.replace(/^#+\s*/, '').trim();
  if (opening.startsWith(title)) return markdown;
  return markdown ? `# ${title}\n\n${markdown}` : markdown;
}

function markdownOf(picked: PickedArticle): string {
  const { document, article } = picked;
  let markdown = '';
  if (article?.content) markdown = elementToMarkdown(parsePage(article.content).body);
  if (markdown === '') markdown = elementToMarkdown(document.body ?? document.documentElement);
  return withTitle(markdown, pageTitle(picked));
}

export function readHtml(name: string, html: string, budgets: Budgets, plain: boolean): HtmlReading {
  if (html.trim() === '') return { text: '', headings: 0, warnings: [] };
  const picked = pickArticle(name, html, budgets);
  if (plain) return { text: plainTextOf(picked), headings: 0, warnings: [] };
  if (picked.depth > MARKDOWN_MAX_DEPTH) {
    const warning = `elements nested ${picked.depth} levels deep: read as plain paragraphs, without Markdown`;
    return { text: plainTextOf(picked), headings: 0, warnings: [warning] };
  }
  try {
    const text = markdownOf(picked);
    return { text, headings: countHeadings(text), warnings: [] };
  } catch (err) {
    const reason = firstLine(err).slice(0, 200);
    return { text: plainTextOf(picked), headings: 0, warnings: [`the Markdown converter failed (${reason}): read as plain paragraphs`] };
  }
}
