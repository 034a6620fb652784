/** Facts read off the workbench page: what the outline and the boundary markers show. */
import type { Locator, Page } from 'playwright-core';

export interface ShownSegment {
  start: number;
  end: number;
}

/**
 * Every outline row's [start, end), in order. The outline is virtualized (only the rows in view
 * are in the DOM), so this scrolls it from top to bottom, collecting rows by their `data-index`
 * until it has the `data-count` the list announces, then scrolls back.
 */
export async function outlineSegments(page: Page): Promise<ShownSegment[]> {
  return (await outlineRows(page)).map(({ start, end }) => ({ start, end }));
}

/** Every outline row's topic (null for a row showing only the segment's first words), in order. */
export async function outlineTopics(page: Page): Promise<(string | null)[]> {
  return (await outlineRows(page)).map((row) => row.topic);
}

async function outlineRows(page: Page): Promise<(ShownSegment & { topic: string | null })[]> {
  return page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('[data-testid="outline-list"]');
    if (!list) return [];
    const count = Number(list.dataset.count);
    const seen = new Map<number, { start: number; end: number; topic: string | null }>();
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const read = () =>
      list.querySelectorAll<HTMLElement>('[data-testid="outline-item"]').forEach((row) => {
        const topic = row.querySelector('.outline-topic')?.getAttribute('title') ?? null;
        seen.set(Number(row.dataset.index), { start: Number(row.dataset.start), end: Number(row.dataset.end), topic });
      });
    const kept = list.scrollTop;
    for (let pass = 0; pass < 3 && seen.size < count; pass++) {
      list.scrollTop = 0;
      await frame();
      read();
      while (seen.size < count && list.scrollTop + list.clientHeight < list.scrollHeight) {
        list.scrollTop += Math.max(1, list.clientHeight - 10);
        await frame();
        read();
      }
    }
    list.scrollTop = kept;
    if (seen.size < count) throw new Error(`the outline showed ${seen.size} of its ${count} rows`);
    return Array.from({ length: count }, (_, i) => seen.get(i)!);
  });
}

/** The outline row of segment `index` (0-based), found by its data attribute after scrolling it into the DOM. */
export async function outlineRow(page: Page, index: number): Promise<Locator> {
  await page.evaluate(async (i) => {
    const list = document.querySelector<HTMLElement>('[data-testid="outline-list"]');
    if (!list) return;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // A jump to where the row would be if the rows shown are as tall as the rest (a screenful at
    // a time through 3,000 rows takes 20 s), then towards it a screenful at a time at most, until
    // the virtualized list renders it.
    const rows = [...list.querySelectorAll<HTMLElement>('[data-testid="outline-item"]')];
    const first = rows[0];
    if (first && !list.querySelector(`[data-index="${i}"]`)) {
      const height = first.getBoundingClientRect().height;
      const shownFrom = list.scrollTop + first.getBoundingClientRect().top - list.getBoundingClientRect().top - Number(first.dataset.index) * height;
      list.scrollTop = shownFrom + i * height - list.clientHeight / 2;
      await frame();
    }
    for (let step = 0; step < 1000 && !list.querySelector(`[data-index="${i}"]`); step++) {
      const shown = [...list.querySelectorAll<HTMLElement>('[data-testid="outline-item"]')].map((r) => Number(r.dataset.index));
      const before = list.scrollTop;
      list.scrollTop += i < Math.min(...shown) ? -list.clientHeight : list.clientHeight;
      if (list.scrollTop === before) break;
      await frame();
    }
  }, index);
  const row = page.locator(`[data-testid="outline-item"][data-index="${index}"]`);
  await row.scrollIntoViewIfNeeded();
  return row;
}

/** The offsets of the boundary markers drawn in the editor, in document order. */
export async function boundaryOffsets(page: Page): Promise<number[]> {
  const offsets = await page
    .locator('[data-testid="boundary"]')
    .evaluateAll((markers) => markers.map((m) => Number(m.getAttribute('data-offset'))));
  return offsets.sort((a, b) => a - b);
}

/** Shows the left column's tab (issue 31: Run, Export, Retrieval, Learn, Workspace) whose panels the next steps use. */
export async function sideTab(page: Page, tab: 'run' | 'export' | 'retrieval' | 'learn' | 'workspace'): Promise<void> {
  await page.locator(`[data-testid="side-tab-${tab}"]`).click();
}
