/**
 * No correction is silently lost, and the person's intent wins (issue 11), in Debian's Chromium
 * against `cli serve`:
 * - a file opened right after the page loads stays, whatever the start-up restores (10 loads);
 * - with a workspace, an opened file joins it at once, and a reload after a split keeps the split;
 * - with joining turned off (or no workspace), corrections are marked unsaved, the status bar says
 *   so, reloading or closing asks first (beforeunload), and exporting them clears the mark.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineSegments, type ServedWorkbench, type WorkbenchSession, sideTab } from './support';

const dir = scratchDir('e2e-trust-');
const workspaceDir = path.join(dir, 'workspace');

/** Six paragraphs of four sentences: several segments, each long enough to split. */
function documentText(topic: string): string {
  return Array.from({ length: 6 }, (_, i) =>
    Array.from({ length: 4 }, (_, j) => `Sentence ${j + 1} of part ${i + 1} tells a rather long story about ${topic}, to fill a line.`).join(' '),
  ).join('\n\n') + '\n';
}

function writeDocument(name: string, topic: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, documentText(topic));
  return file;
}

const LAST_DOCUMENT_KEY = 'segment-workbench:last-workspace-document';
const starts = async (page: Page) => (await outlineSegments(page)).map((s) => s.start);
const statusBar = (page: Page) => page.locator('[data-testid="status-bar"]');

async function startupDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.startup === 'done', undefined, { timeout: 60_000 });
}

/** Opens a new document with the file picker and waits until it is segmented. */
async function openNewDocument(session: WorkbenchSession, name: string, topic: string): Promise<void> {
  await session.page.locator('[data-testid="open-file"]').setInputFiles(writeDocument(name, topic));
  await session.waitForDocument(name);
  await session.waitForRunStatus(['done']);
}

/** Splits the second segment in the middle (the toolbar's split at the selected segment). */
async function splitSecondSegment(page: Page): Promise<number[]> {
  const before = await starts(page);
  await page.locator('[data-testid="outline-item"]').nth(1).click();
  await page.locator('[data-testid="split"]').click();
  await expect.poll(async () => (await starts(page)).length).toBe(before.length + 1);
  return starts(page);
}

/** Asks the page to close, as a person closing the tab would; returns the dialogs it raised, dismissed. */
async function closeAndStay(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  const stay = (dialog: Dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  };
  page.on('dialog', stay);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs.length).toBeGreaterThan(0);
  page.off('dialog', stay);
  return dialogs;
}

describe('with a workspace (serve --workspace)', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;
  let restoredId: string;
  const RESTORED = 'restored-by-startup.md';

  beforeAll(async () => {
    const ws = await WorkspaceService.open(workspaceDir, { readSource: async () => ({ text: documentText('harbours'), sourceFormat: 'md' }) });
    restoredId = (await ws.addDocument({ name: RESTORED, text: documentText('harbours'), sourceFormat: 'md' })).id;
    await ws.close();
    served = await openServedWorkbench({ args: ['--workspace', workspaceDir] });
    session = served.session;
    await session.waitForDocument(RESTORED);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('keeps a file opened right after the page loads, 10 loads in a row, though the start-up restores another', async () => {
    const { page } = session;
    const file = writeDocument('opened-at-once.md', 'lighthouses');
    const shown: string[] = [];
    for (let i = 0; i < 10; i++) {
      // Each load, the start-up would restore the other workspace document.
      await page.evaluate(([key, id]) => localStorage.setItem(key, id), [LAST_DOCUMENT_KEY, restoredId] as const);
      await page.reload();
      await page.locator('[data-testid="open-file"]').setInputFiles(file);
      await startupDone(page);
      await session.waitForDocument('opened-at-once.md');
      // Segmented, or (from the second load on) shown with what the workspace saved of it.
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="app"]')?.getAttribute('data-segments')) > 0, undefined, { timeout: 60_000 });
      shown.push((await page.locator('[data-testid="app"]').getAttribute('data-document-name')) ?? '');
    }
    expect(shown).toEqual(Array(10).fill('opened-at-once.md'));
  }, 600_000);

  it('adds an opened file to the workspace at once: a reload after a split keeps the split', async () => {
    const { page } = session;
    await openNewDocument(session, 'joins.md', 'glaciers');
    await expect.poll(() => statusBar(page).getAttribute('data-saved-in')).toBe('workspace');
    await expect.poll(() => page.locator('[data-testid="workspace-document"]', { hasText: 'joins.md' }).count()).toBe(1);

    const split = await splitSecondSegment(page);
    await expect.poll(() => page.locator('[data-testid="save-location"]').textContent()).toContain(`saved in the workspace ${workspaceDir}`);
    expect(await page.locator('[data-testid="unsaved-mark"]').count()).toBe(0);
    await page.reload();
    await session.waitForDocument('joins.md');
    await expect.poll(() => starts(page)).toEqual(split);
    await session.screenshot('trust-workspace-after-reload');
  });

  it('with joining turned off, marks corrections unsaved and asks before the page closes; the setting stays off after a reload', async () => {
    const { page } = session;
    await sideTab(page, 'workspace');
    await page.locator('[data-testid="workspace-add-opened"]').uncheck();
    await openNewDocument(session, 'kept-out.md', 'orchards');
    await expect.poll(() => statusBar(page).getAttribute('data-saved-in')).toBe('nowhere');
    expect(await page.locator('[data-testid="unsaved-mark"]').count()).toBe(0);

    await splitSecondSegment(page);
    await page.locator('[data-testid="unsaved-mark"]').waitFor();
    expect(await page.locator('[data-testid="save-location"]').textContent()).toContain('not saved');
    expect(await page.title()).toContain('unsaved');

    expect(await closeAndStay(page)).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);

    // Adding it now keeps the corrections: the mark goes, and leaving no longer asks.
    await page.locator('[data-testid="status-add-to-workspace"]').click();
    await expect.poll(() => statusBar(page).getAttribute('data-saved-in')).toBe('workspace');
    await expect.poll(() => page.locator('[data-testid="unsaved-mark"]').count()).toBe(0);

    await page.reload();
    await startupDone(page);
    expect(await page.locator('[data-testid="workspace-add-opened"]').isChecked()).toBe(false);
    await sideTab(page, 'workspace');
    await page.locator('[data-testid="workspace-add-opened"]').check();
  });
});

describe('without a workspace', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    served = await openServedWorkbench();
    session = served.session;
    await startupDone(session.page);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('says corrections are not saved, marks them, asks on reload, and an export clears the mark until the next edit', async () => {
    const { page } = session;
    await openNewDocument(session, 'no-workspace.md', 'bridges');
    await expect.poll(() => statusBar(page).getAttribute('data-saved-in')).toBe('nowhere');
    expect(await page.locator('[data-testid="status-add-to-workspace"]').count()).toBe(0);

    await splitSecondSegment(page);
    await page.locator('[data-testid="unsaved-mark"]').waitFor();

    // A reload asks first; staying keeps the page and its corrections.
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    const split = await starts(page);
    await page.evaluate(() => setTimeout(() => location.reload(), 0));
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    expect(await starts(page)).toEqual(split);

    await sideTab(page, 'export');
    await page.locator('[data-testid="export-format"]').selectOption('json');
    const download = page.waitForEvent('download');
    await page.locator('[data-testid="export"]').click();
    const fileName = (await download).suggestedFilename();
    await expect.poll(() => statusBar(page).getAttribute('data-saved-in')).toBe('exported');
    expect(await page.locator('[data-testid="save-location"]').textContent()).toContain(`exported to ${fileName}`);
    expect(await page.locator('[data-testid="unsaved-mark"]').count()).toBe(0);

    await page.locator('[data-testid="undo"]').click();
    await page.locator('[data-testid="unsaved-mark"]').waitFor();
    expect(await page.locator('[data-testid="save-location"]').textContent()).toContain('not saved');
    await session.screenshot('trust-unsaved-after-export');
  });
});
