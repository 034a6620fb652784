/**
 * Whether Readability's article is the document. Readability looks for the one block with the
 * most prose, which on a manual page (asciidoc's git pages, texinfo) is often a single section,
 * the OPTIONS list, leaving NAME, SYNOPSIS and DESCRIPTION out. When the article keeps fewer
 * than KEPT_SHARE of the headings the page itself has (outside its navigation), the page's body
 * without that navigation is the document instead.
 */

/** Navigation and page chrome: not the document's text (also what the readers bench's heading gold leaves out). */
export const PAGE_CHROME = 'nav, aside, header, footer, [role="navigation"], [role="banner"], [role="contentinfo"], .sphinxsidebar, .related, .navheader, .navfooter';

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
/**
 * On the Debian manuals of the readers corpus Readability keeps all the headings of most pages and
 * 10-78% of the rest (git's manual pages); a blog's widget headings outside <aside> count against
 * the article, hence not higher.
 */
const KEPT_SHARE = 0.8;
/** Pages with fewer headings than this are left to Readability. */
const MIN_HEADINGS = 3;

interface Queryable {
  querySelectorAll(selector: string): ArrayLike<{ remove(): void; closest?(selector: string): unknown }>;
}

function ownHeadings(root: Queryable): number {
  return Array.from(root.querySelectorAll(HEADINGS)).filter((h) => !h.closest?.(PAGE_CHROME)).length;
}

/** Whether the article (parsed) keeps enough of the page's (parsed) own headings. */
export function articleKeepsHeadings(page: Queryable, article: Queryable): boolean {
  const onPage = ownHeadings(page);
  return onPage < MIN_HEADINGS || ownHeadings(article) >= onPage * KEPT_SHARE;
}

/** Takes the page chrome out of a parsed page (its body is then the document). */
export function removeChrome(page: Queryable): void {
  for (const node of Array.from(page.querySelectorAll(PAGE_CHROME))) node.remove();
}
