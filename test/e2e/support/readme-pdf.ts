/**
 * A PDF of real documentation: an npm package's README (commander's, 41 kB of Markdown) set as
 * HTML and printed by Chromium with a running header (the title) and footer (the page number), as
 * Chromium's --print-to-pdf prints a page. Headings, code blocks and paragraphs only: enough for
 * the reader's layout rules to see headings, body text and page furniture.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { REPO_ROOT } from './serve';

export const README_FILE = join(REPO_ROOT, 'node_modules/commander/Readme.md');

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The README as HTML, `copies` times over (a longer PDF for the benchmark). */
export function readmeHtml(copies = 1): string {
  const markdown = readFileSync(README_FILE, 'utf8');
  const blocks: string[] = [];
  for (const block of markdown.split(/\n{2,}(?=(?:[^`]*`[^`]*`)*[^`]*$)/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    const heading = /^(#{1,4})\s+(.*)$/.exec(trimmed);
    if (heading && !trimmed.includes('\n')) blocks.push(`<h${heading[1]!.length}>${escape(heading[2]!)}</h${heading[1]!.length}>`);
    else if (trimmed.startsWith('```')) blocks.push(`<pre>${escape(trimmed.replace(/^```\w*\n?|```$/g, ''))}</pre>`);
    else blocks.push(`<p>${escape(trimmed.replace(/\n/g, ' '))}</p>`);
  }
  const body = Array.from({ length: copies }, () => blocks.join('\n')).join('\n<hr>\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Commander.js README</title><style>
    body { font: 11pt serif; } pre { font: 9pt monospace; white-space: pre-wrap; }
  </style></head><body>${body}</body></html>`;
}

/** The README printed to PDF by `browser` (Letter, with Chromium's title header and page-number footer). */
export async function printReadmePdf(browser: Browser, copies = 1): Promise<Uint8Array> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent(readmeHtml(copies));
    const pdf = await page.pdf({
      format: 'Letter',
      margin: { top: '60px', bottom: '60px', left: '72px', right: '72px' },
      displayHeaderFooter: true,
      headerTemplate: '<div style="font-size: 8pt; width: 100%; text-align: center"><span class="title"></span></div>',
      footerTemplate: '<div style="font-size: 8pt; width: 100%; text-align: center"><span class="pageNumber"></span></div>',
    });
    return new Uint8Array(pdf);
  } finally {
    await context.close();
  }
}
