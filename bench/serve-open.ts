/**
 * Opening a large text through a real `cli serve` in Chromium, as a person does with Open file…:
 * how long until it is shown and segmented, and the page's long tasks meanwhile (the longtask
 * API: every task over 50 ms), the longest first. The UI benchmark (bench/ui.ts) opens through an
 * in-memory contract; this one includes the WebSocket transport and the service.
 *
 *   npm run bench:serve-open                     # 49 MB (just under the 50 M-character budget)
 *   npm run bench:serve-open -- --chars 8000000
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { launchChromium, openServedWorkbench, TSX_ENTRY } from '../test/e2e/support';
import { largeParagraphs } from '../test/e2e/support/large-text';
import { errorMessage } from '../shared/text/error-message';

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
  }
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--chars');
  const chars = at >= 0 ? Number(argv[at + 1]) : 49_000_000;
  if (!Number.isInteger(chars) || chars < 1) throw new Error('--chars needs a positive whole number');
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-serve-open-'));
  const file = join(dir, 'large.txt');
  writeFileSync(file, largeParagraphs(chars));
  const served = await openServedWorkbench({ command: TSX_ENTRY, launchBrowser: launchChromium });
  try {
    const { page } = served.session;
    const runDone = () => document.querySelector('[data-testid="app"]')?.getAttribute('data-run-status') === 'done';
    await page.waitForFunction(runDone);
    await page.evaluate(() => {
      const tasks: { start: number; duration: number }[] = [];
      window.__longTasks = tasks;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: 'longtask' });
    });
    const started = await page.evaluate(() => performance.now());
    await page.locator('[data-testid="open-file"]').setInputFiles(file);
    await served.session.waitForDocument('large.txt');
    await page.waitForFunction(runDone, null, { timeout: 600_000 });
    await page.locator('[data-testid="opening"]').waitFor({ state: 'detached', timeout: 600_000 });
    const ended = await page.evaluate(() => performance.now());
    const tasks = ((await page.evaluate(() => window.__longTasks)) ?? []).filter((t) => t.start >= started).sort((a, b) => b.duration - a.duration);
    const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;
    console.log(`serve open: ${(chars / 1e6).toFixed(1)} M chars through cli serve, Chromium headless; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`open to shown and segmented  ${ms(ended - started)}`);
    console.log(`long tasks (over 50 ms)      ${tasks.length}, ${ms(tasks.reduce((sum, t) => sum + t.duration, 0))} in all`);
    console.log(`longest five                 ${tasks.slice(0, 5).map((t) => `${ms(t.duration)} at ${ms(t.start - started)}`).join(', ')}`);
  } finally {
    await served.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`error: ${errorMessage(err)}`);
  process.exit(2);
});
