/**
 * Issue 31, items 3, 4 and 5, against `cli serve` in Debian's Chromium: reviewed segments are
 * marked in the outline (`data-reviewed`, a visible check) and the gutter; an edit that drops a
 * review says so in a notice whose Undo brings the review back; notices are toasts on the screen
 * that raised them, moving nothing, dismissable; the header shows the file name first, legible,
 * with the reader's report one click away.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineRow, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('e2e-view-review-');
const NAME = 'a-rather-long-file-name-for-the-quarterly-harbour-report-2026.md';
const TEXT =
  '# Harbour report\n\n' +
  ['tides', 'ships', 'whales', 'storms', 'markets'].map((t, i) => `## Part ${i + 1}\n\n` + Array.from({ length: 4 }, (_, j) => `Sentence ${j + 1} of part ${i + 1} is about ${t} and goes on for a while.`).join(' ')).join('\n\n') +
  '\n';

const reviewedRows = (page: Page) => page.locator('[data-testid="outline-item"][data-reviewed="true"]').count();
const editorBox = async (page: Page) => (await page.locator('[data-testid="document-view"]').boundingBox())!;

describe('review you can see, notices that move nothing, the header', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    writeFileSync(join(dir, NAME), TEXT);
    served = await openServedWorkbench();
    session = served.session;
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await session.page.locator('[data-testid="open-file"]').setInputFiles(join(dir, NAME));
    await session.waitForDocument(NAME);
    await session.waitForRunStatus(['done']);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('marks reviewed segments in the outline and the gutter, and a dropped review is told and undone', async () => {
    const { page } = session;
    expect(await page.locator('[data-testid="outline-item"][data-reviewed="false"]').count()).toBeGreaterThan(3);
    await (await outlineRow(page, 0)).click();
    for (let i = 0; i < 3; i++) await page.locator('[data-testid="review-accept"]').click();
    await expect.poll(() => reviewedRows(page)).toBe(3);
    expect(await page.locator('[data-testid="outline-item"][data-reviewed="true"] [data-testid="outline-reviewed-mark"]').count()).toBe(3);
    // The gutter's band of a reviewed segment is green (.seg-band-reviewed).
    await expect.poll(() => page.locator('.monaco-editor .seg-band-reviewed').count()).toBeGreaterThan(0);

    // Merging the last reviewed segment with the next, unreviewed one drops its review: the notice says so.
    await (await outlineRow(page, 2)).click();
    await page.locator('[data-testid="merge-next"]').click();
    await expect.poll(() => reviewedRows(page)).toBe(2);
    const notice = page.locator('[data-testid="notice"]', { hasText: 'un-reviewed a reviewed segment' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^Merge with next un-reviewed a reviewed segment/);
    await session.screenshot('review-dropped-notice-1280');
    await notice.locator('[data-testid="notice-action"]').click();
    await expect.poll(() => reviewedRows(page)).toBe(3);
    expect(await notice.count()).toBe(0);
  });

  it('shows an error as a toast in a corner of its own screen, moving nothing, until dismissed', async () => {
    const { page } = session;
    const before = await editorBox(page);
    await page.locator('[data-testid="open-file"]').setInputFiles({ name: 'notes.xyz', mimeType: 'application/octet-stream', buffer: Buffer.from('not a document') });
    const alert = page.getByRole('alert').filter({ hasText: 'notes.xyz' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await editorBox(page)).toEqual(before);
    const box = (await alert.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 120);
    // Another screen does not show it; back on the document it is still there.
    await page.locator('[data-testid="tab-models"]').click();
    expect(await alert.count()).toBe(0);
    await page.locator('[data-testid="tab-workbench"]').click();
    expect(await alert.count()).toBe(1);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    expect(await alert.count()).toBe(0);
  });

  it('shows the file name first and legible, the reader report one click away', async () => {
    const { page } = session;
    const name = page.locator('[data-testid="document-name"]');
    expect(await name.textContent()).toBe(NAME);
    // Legible: at least 20 characters' width of the name on screen at 1280 px.
    expect((await name.boundingBox())!.width).toBeGreaterThan(150);
    const report = page.locator('[data-testid="reader-report"]');
    expect(await report.textContent()).toMatch(/^Markdown.* · [\d,]+ chars$/);
    expect(await report.isVisible()).toBe(false);
    await page.locator('[data-testid="reader-report-button"]').click();
    expect(await report.isVisible()).toBe(true);
    await session.screenshot('header-report-popover-1280');
    await page.keyboard.press('Escape');
    expect(await report.isVisible()).toBe(false);
    expect(session.errors.filter((e) => !e.includes('notes.xyz'))).toEqual([]);
  });
});
