/**
 * One page on the workbench, ready to drive. The app marks its state on the root element
 * (`data-testid="app"`): `data-document-name`, `data-run-status` (idle | starting | running | done |
 * failed | cancelled) and `data-segments`, so tests wait on facts rather than on time.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from './serve';

export interface WorkbenchSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far. */
  errors: string[];
  /** Waits until the app shows this document with no run in flight. */
  waitForDocument(name: string): Promise<void>;
  /** Waits until the last run reached one of these states; returns the state. */
  waitForRunStatus(statuses: string[], timeoutMs?: number): Promise<string>;
  /** Saves a full-window screenshot as test-results/<name>.png and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export const SCREENSHOT_DIR = resolve(REPO_ROOT, 'test-results');

export async function openWorkbench(browser: Browser, url: string): Promise<WorkbenchSession> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(url);
  await page.locator('[data-testid="app"]').waitFor();

  const app = page.locator('[data-testid="app"]');
  return {
    context,
    page,
    errors,
    async waitForDocument(name) {
      await page.waitForFunction(
        (expected) => {
          const root = document.querySelector('[data-testid="app"]');
          const status = root?.getAttribute('data-run-status');
          return root?.getAttribute('data-document-name') === expected && status !== 'starting' && status !== 'running';
        },
        name,
        { timeout: 60_000 },
      );
    },
    async waitForRunStatus(statuses, timeoutMs = 120_000) {
      await page.waitForFunction(
        (wanted) => wanted.includes(document.querySelector('[data-testid="app"]')?.getAttribute('data-run-status') ?? ''),
        statuses,
        { timeout: timeoutMs },
      );
      return (await app.getAttribute('data-run-status')) ?? '';
    },
    async screenshot(name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = resolve(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    async close() {
      await context.close();
    },
  };
}
