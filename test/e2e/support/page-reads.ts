/** Facts read off the workbench page: what the outline and the boundary markers show. */
import type { Page } from 'playwright-core';

export interface ShownSegment {
  start: number;
  end: number;
}

/** Every outline row's [start, end), in order. */
export async function outlineSegments(page: Page): Promise<ShownSegment[]> {
  return page.locator('[data-testid="outline-item"]').evaluateAll((rows) =>
    rows.map((row) => ({ start: Number(row.getAttribute('data-start')), end: Number(row.getAttribute('data-end')) })),
  );
}

/** The offsets of the boundary markers drawn in the editor, in document order. */
export async function boundaryOffsets(page: Page): Promise<number[]> {
  const offsets = await page
    .locator('[data-testid="boundary"]')
    .evaluateAll((markers) => markers.map((m) => Number(m.getAttribute('data-offset'))));
  return offsets.sort((a, b) => a - b);
}
