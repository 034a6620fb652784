/**
 * The PDF page beside its text, through `cli serve` in Chromium: commander's README printed to
 * PDF by Chromium (title header, page-number footer) opens with its page shown; picking a segment
 * in the outline shows the page it was read from with its lines marked and the header and footer
 * struck through; a click on another line of the page moves the editor there. Where the page
 * cannot be rendered (pdf.js's worker refused), one line says so and the text is all there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readDocumentBytes } from '../../electron/readers';
import { linesInRange, pageAtOffset, type PdfSourceMap } from '../../shared/pdf-layout/source-map';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineRow, outlineSegments, type ServedWorkbench, type ShownSegment } from './support';
import { connectChromium } from './support/browser';
import { printReadmePdf } from './support/readme-pdf';

const dir = scratchDir('page-view-e2e-');
const file = join(dir, 'commander.pdf');

describe('the page view', () => {
  let served: ServedWorkbench | undefined;
  let map: PdfSourceMap;

  beforeAll(async () => {
    const browser: Browser = await connectChromium(inject('chromiumWsEndpoint'));
    try {
      writeFileSync(file, await printReadmePdf(browser));
    } finally {
      await browser.close();
    }
    const read = await readDocumentBytes('commander.pdf', new Uint8Array(readFileSync(file)));
    map = read.sourceMap!;
    served = await openServedWorkbench();
  }, 120_000);

  afterAll(() => served?.close());

  it('shows the page of the segment picked, its lines marked, and a click on the page moves the editor', async () => {
    const { page } = served!.session;
    await page.locator('[data-testid="open-file"]').setInputFiles(file);
    await served!.session.waitForDocument('commander.pdf');
    await served!.session.waitForRunStatus(['done']);
    const canvas = page.locator('[data-testid="source-page"]');
    await expect.poll(() => canvas.getAttribute('data-page'), { timeout: 30_000 }).toBe('1');

    // A segment starting past the first pages whose page holds a line of another segment.
    const segments = await outlineSegments(page);
    const segmentOf = (offset: number) => segments.findIndex((s: ShownSegment) => offset >= s.start && offset < s.end);
    let chosen = -1;
    let target: PdfSourceMap['lines'][number] | undefined;
    for (let i = 1; i < segments.length && chosen < 0; i++) {
      const p = pageAtOffset(map, segments[i]!.start)!;
      if (p < 2) continue;
      target = map.lines.find((l) => l[0] === p && segmentOf(l[5]) !== i && segmentOf(l[5]) >= 0);
      if (target) chosen = i;
    }
    expect(chosen).toBeGreaterThan(0);
    const expectedPage = pageAtOffset(map, segments[chosen]!.start)!;
    await (await outlineRow(page, chosen)).click();
    await expect.poll(() => canvas.getAttribute('data-page'), { timeout: 30_000 }).toBe(String(expectedPage + 1));
    const marked = linesInRange(map, expectedPage, segments[chosen]!.start, segments[chosen]!.end).length;
    await expect.poll(() => page.locator('[data-testid="source-highlight"]').count()).toBe(marked);
    expect(marked).toBeGreaterThan(0);
    // Chromium's title header and page number footer: struck through, not in the text.
    expect(await page.locator('[data-testid="source-removed"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="source-page-number"]').textContent()).toBe(`Page ${expectedPage + 1} of ${map.pages}`);

    // A click on a line of another segment: the editor's cursor goes there, the outline follows.
    await served!.session.screenshot('page-view');
    const box = (await canvas.boundingBox())!;
    const scale = box.width / 612;
    const [, x, y, w, h] = target!;
    await canvas.click({ position: { x: (x + Math.min(w, 20) / 2) * scale, y: (792 - (y + h / 2)) * scale } });
    const wanted = segmentOf(target![5]);
    await expect.poll(() => page.locator('[data-testid="outline-item"][aria-current="true"]').getAttribute('data-index')).toBe(String(wanted));
    await expect.poll(() => canvas.getAttribute('data-page')).toBe(String(expectedPage + 1));

    // Hide and show again: the toggle.
    await page.locator('[data-testid="page-view-toggle"]').click();
    expect(await canvas.count()).toBe(0);
    await page.locator('[data-testid="page-view-toggle"]').click();
    await expect.poll(() => page.locator('[data-testid="source-page"]').getAttribute('data-page'), { timeout: 30_000 }).toBe(String(expectedPage + 1));
    expect(served!.session.errors).toEqual([]);
  });

  it('says in one line when the page cannot be rendered, and shows the text all the same', async () => {
    const { context } = served!.session;
    const page = await context.newPage();
    try {
      // pdf.js's worker refused: nothing can render a page.
      await page.route(/pdf\.worker/, (route) => route.abort());
      await page.goto(served!.session.page.url());
      await page.locator('[data-testid="open-file"]').setInputFiles(file);
      await page.waitForFunction(() => document.querySelector('[data-testid="app"]')?.getAttribute('data-document-name') === 'commander.pdf');
      const notice = page.locator('[data-testid="source-page-notice"]');
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.textContent()).toMatch(/^The page cannot be shown \(.+\); the text is unaffected\.$/);
      expect(await page.locator('[data-testid="source-page"]').count()).toBe(0);
      await expect.poll(() => page.locator('[data-testid="document-view"]').getAttribute('data-chars')).not.toBe('0');
      expect(Number(await page.locator('[data-testid="document-view"]').getAttribute('data-chars'))).toBeGreaterThan(10_000);
    } finally {
      await page.close();
    }
  });
});
