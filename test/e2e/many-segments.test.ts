/**
 * A document with thousands of segments: the document view decorates only the segments near the
 * viewport and builds a boundary's cell when it is first shown (segment-layers.ts), so it must
 * follow the viewport: wherever the person goes, the lines shown have their tints, margin markers
 * and boundary cells, and an edit there is drawn at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServedWorkbench, outlineRow, runCliJson, type ServedWorkbench, type WorkbenchSession } from './support';

const NAME = 'many-sections.md';
const SECTIONS = 3_000;
const TEXT = Array.from(
  { length: SECTIONS },
  (_, i) => `## Section ${i}\n\nThe harbour master wrote entry ${i} about the whale and the river. It was a long day at sea for the captain of ship ${i}.\n`,
).join('\n');

const outlineCount = async (page: Page) => Number(await page.locator('[data-testid="outline-list"]').getAttribute('data-count'));
const boundaryCellsAfter = async (page: Page, offset: number) =>
  (await page.locator('[data-testid="boundary"]').evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-offset'))))).filter((o) => o > offset);
/** Tinted lines and margin markers in the editor's DOM: Monaco renders those of the lines on screen only. */
const shownDecorations = async (page: Page) => ({
  tints: await page.locator('.monaco-editor .seg-tint-even, .monaco-editor .seg-tint-odd, .monaco-editor .seg-tint-third').count(),
  markers: await page.locator('.monaco-editor .seg-glyph').count(),
});

describe('a document with thousands of segments', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;
  let dir: string;
  let starts: number[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'workbench-many-'));
    writeFileSync(join(dir, NAME), TEXT);
    starts = (await runCliJson<{ segments: { start: number }[] }>(['segment', join(dir, NAME), '--strategy', 'structural'])).segments.map((s) => s.start);
    served = await openServedWorkbench();
    session = served.session;
    await session.waitForRunStatus(['done']);
  });

  afterAll(async () => {
    await served?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('draws the segments wherever the view goes, and an edit far down at once', async () => {
    const { page } = session;
    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, NAME));
    await session.waitForDocument(NAME);
    await page.locator('[data-testid="strategy-select"]').selectOption('structural');
    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'])).toBe('done');
    expect(starts.length).toBe(SECTIONS);
    await expect.poll(() => outlineCount(page)).toBe(SECTIONS);

    // At the top: the first boundaries drawn, the lines on screen tinted and marked.
    await page.locator(`[data-testid="boundary"][data-offset="${starts[1]}"]`).waitFor({ state: 'attached' });
    await expect.poll(async () => (await shownDecorations(page)).tints).toBeGreaterThan(0);
    expect((await shownDecorations(page)).markers).toBeGreaterThan(0);
    // The cells of boundaries never shown are not built (the last one is thousands of lines down).
    expect(await page.locator(`[data-testid="boundary"][data-offset="${starts[SECTIONS - 1]}"]`).count()).toBe(0);

    // The last segment, chosen in the outline: the view goes there and draws it.
    const last = starts[SECTIONS - 1]!;
    await (await outlineRow(page, SECTIONS - 1)).click();
    await page.locator(`[data-testid="boundary"][data-offset="${last}"]`).waitFor({ state: 'attached' });
    await page.locator('.monaco-editor .view-line', { hasText: `captain of ship ${SECTIONS - 1}.` }).waitFor();
    await expect.poll(async () => (await shownDecorations(page)).tints).toBeGreaterThan(0);
    expect((await shownDecorations(page)).markers).toBeGreaterThan(0);

    // A split there: one more segment, its boundary drawn; undo takes it away again.
    expect(await boundaryCellsAfter(page, last)).toEqual([]);
    await page.keyboard.press('s');
    await expect.poll(() => outlineCount(page)).toBe(SECTIONS + 1);
    await expect.poll(async () => (await boundaryCellsAfter(page, last)).length).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => outlineCount(page)).toBe(SECTIONS);
    await expect.poll(() => boundaryCellsAfter(page, last)).toEqual([]);

    // Back to the top: still drawn there.
    await (await outlineRow(page, 0)).click();
    await page.locator('[data-testid="document-start"]').waitFor({ state: 'visible' });
    await expect.poll(async () => (await shownDecorations(page)).tints).toBeGreaterThan(0);
    expect(session.errors).toEqual([]);
  });

  it("moves a boundary's zone with the boundary, to the line it went to and back", async () => {
    const { page } = session;
    const index = 10;
    const heading = starts[index]!;
    const blank = heading + `## Section ${index}\n`.length;
    const paragraph = blank + 1;
    // Each boundary's cell sits in its zone, right above the line its boundary starts on.
    const zoneGap = (offset: number, lineText: string) =>
      page.evaluate(
        ({ offset, lineText }) => {
          const cell = document.querySelector(`[data-testid="boundary"][data-offset="${offset}"]`);
          // Monaco draws spaces as no-break spaces.
          const line = [...document.querySelectorAll('.monaco-editor .view-line')].find((l) => l.textContent?.replace(/\u00a0/g, ' ').startsWith(lineText));
          const zone = cell?.closest('[monaco-view-zone]');
          return zone && line ? Math.round(line.getBoundingClientRect().top - zone.getBoundingClientRect().bottom) : null;
        },
        { offset, lineText },
      );
    const cellsBetween = async () => (await boundaryCellsAfter(page, starts[index - 1]!)).filter((o) => o < starts[index + 1]!);

    await (await outlineRow(page, index)).click();
    await expect.poll(() => zoneGap(heading, `## Section ${index}`)).toBe(0);
    await page.keyboard.press('Alt+ArrowDown');
    // To the blank line below the heading, then to the paragraph: lines that had no zone.
    await expect.poll(cellsBetween).toEqual([blank]);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(cellsBetween).toEqual([paragraph]);
    await expect.poll(() => zoneGap(paragraph, `The harbour master wrote entry ${index} `)).toBe(0);
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(cellsBetween).toEqual([blank]);
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(cellsBetween).toEqual([heading]);
    await expect.poll(() => zoneGap(heading, `## Section ${index}`)).toBe(0);
    expect(await outlineCount(page)).toBe(SECTIONS);
    expect(session.errors).toEqual([]);
  });
});
