/**
 * Compare side by side on a large document (a benchmark: it prints figures and asserts nothing).
 *
 *   npx tsx bench/compare-view.ts [--chars 1000000]
 *
 * Serves a scratch workspace holding generated paragraphs (test/e2e/support/large-text.ts), runs
 * structural, keeps it, runs sentence-rules, and in Debian's Chromium times: opening the view
 * (click to the frame after it is painted), the first Next (click to painted), and one column
 * following the other's scroll (scrollTop set to the other's data-top-offset changing).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/support/browser';
import { largeParagraphs } from '../test/e2e/support/large-text';
import { startServe } from '../test/e2e/support/serve';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

async function run(page: Page, strategy: string): Promise<void> {
  await page.locator('[data-testid="strategy-select"]').selectOption(strategy);
  await page.locator('[data-testid="run"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="app"]')?.getAttribute('data-run-status') === 'done', undefined, { timeout: 600_000 });
}

/** Clicks `testId` in the page and resolves with the ms until the frame after the next paint. (The
 *  page's code is a string: tsx would wrap named functions in a helper the page does not have.) */
async function timedClick(page: Page, testId: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const t0 = performance.now();
    document.querySelector('[data-testid="${testId}"]').click();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
  })`);
}

/** Scrolls the left column halfway and resolves with the ms until the right one has followed. */
const FOLLOW = `new Promise((resolve) => {
  const left = document.querySelector('[data-testid="compare-side"][data-side="left"]');
  const right = document.querySelector('[data-testid="compare-side"][data-side="right"]');
  const before = right.dataset.topOffset;
  const t0 = performance.now();
  left.scrollTop = left.scrollHeight / 2;
  const check = () => (right.dataset.topOffset !== before ? resolve(performance.now() - t0) : requestAnimationFrame(check));
  requestAnimationFrame(check);
})`;

async function main(): Promise<void> {
  const chars = arg('chars', 1_000_000);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-compare-view-'));
  const file = join(scratch, 'large.txt');
  writeFileSync(file, largeParagraphs(chars));
  const serve = await startServe({ args: ['--workspace', join(scratch, 'workspace'), '--allow-dir', scratch] });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(serve.url);
    await page.locator('[data-testid="open-file"]').setInputFiles(file);
    await page.waitForFunction(() => document.querySelector('[data-testid="app"]')?.getAttribute('data-document-name') === 'large.txt', undefined, { timeout: 600_000 });
    await run(page, 'structural');
    await page.locator('[data-testid="keep-results"]').check();
    await run(page, 'sentence-rules');
    const openMs = await timedClick(page, 'compare-open-view');
    await page.locator('[data-testid="compare-view"]').waitFor();
    const pieces = await page.locator('[data-testid="compare-side"][data-side="left"] .cmp-piece').count();
    const disagreements = await page.locator('[data-testid="compare-disagreement-count"]').getAttribute('data-count');
    const nextMs = await timedClick(page, 'compare-view-next');
    const followMs = await page.evaluate<number>(FOLLOW);
    console.log(JSON.stringify({ chars, pieces, disagreements: Number(disagreements), openMs: Math.round(openMs), firstNextMs: Math.round(nextMs), scrollFollowMs: Math.round(followMs) }));
  } finally {
    await browser.close();
    await serve.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
