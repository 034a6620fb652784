/**
 * Workspace table benchmark (prints figures, asserts nothing):
 *
 *   npx tsx bench/workspace-table.ts [--documents 5000]
 *
 * Builds a workspace of N small documents, serves it (`cli serve --workspace`), and in Debian's
 * Chromium times: showing the Workspace screen until its rows are painted, a search keystroke, a
 * sort by size, and scrolling to the end, each until painted; and counts the rows in the DOM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { WorkspaceService } from '../electron/services/workspace/workspace-service';
import { launchChromium, openServedWorkbench, TSX_ENTRY } from '../test/e2e/support';

const count = Number(process.argv[process.argv.indexOf('--documents') + 1]) || 5000;
const dir = mkdtempSync(join(os.tmpdir(), 'bench-workspace-table-'));
try {
  const started = performance.now();
  const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: '', sourceFormat: 'txt' }) });
  for (let i = 0; i < count; i++) {
    const text = `Document ${i}. ${'Some words about thing '.repeat(1 + (i % 37))}${i}.\n`;
    await ws.addDocument({ name: `doc-${String(i).padStart(5, '0')}.txt`, text, sourceFormat: 'txt' });
  }
  await ws.close();
  console.log(`workspace of ${count} documents built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const served = await openServedWorkbench({ command: TSX_ENTRY, args: ['--workspace', dir], launchBrowser: launchChromium });
  try {
    const { page } = served.session;
    await page.locator('[data-testid="tab-workspace"]').waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="app"]')?.getAttribute('data-document-name') !== '', null, { timeout: 120_000 });
    const painted = () => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))));
    const timed = async (what: string, act: () => Promise<void>) => {
      const t0 = await page.evaluate(() => performance.now());
      await act();
      console.log(`${what}: ${(((await painted()) - t0)).toFixed(0)} ms`);
    };
    await timed('show the Workspace screen', async () => {
      await page.locator('[data-testid="tab-workspace"]').click();
      await page.locator(`[data-testid="workspace-table"][data-count="${count}"]`).waitFor({ timeout: 120_000 });
    });
    console.log(`rows in the DOM: ${await page.locator('[data-testid="workspace-row"]').count()} of ${count}`);
    await timed('search keystroke ("doc-04")', async () => {
      await page.locator('[data-testid="workspace-table-search"]').fill('doc-04');
      await page.locator('[data-testid="workspace-table"][data-count="1000"]').waitFor();
    });
    await page.locator('[data-testid="workspace-table-search"]').fill('');
    await timed('sort by size', async () => {
      await page.locator('[data-testid="workspace-sort-chars"]').click();
      await page.locator('[data-testid="workspace-sort-chars"][aria-sort="ascending"]').waitFor();
    });
    await timed('scroll to the end', async () => {
      await page.locator('.workspace-table-body').evaluate((el) => (el.scrollTop = el.scrollHeight));
    });
  } finally {
    await served.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
