/**
 * Opening a large document (a generated text of 8 MB) through `cli serve`: the opening progress
 * shows while the file is read and laid out, the page answers a click meanwhile, and the whole
 * text ends up in the editor. No timing: the page records what it showed, in order.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServedWorkbench, type ServedWorkbench, type WorkbenchSession } from './support';
import { largeParagraphs } from './support/large-text';

const NAME = 'large.txt';
/** About `chars` characters, ending in a recognisable line. */
function largeText(chars: number): string {
  return `${largeParagraphs(chars)}\n\nThe last line of the large document.`;
}

interface Seen {
  stages: string[];
  figures: string[];
  clickWhileOpening: boolean | null;
}

declare global {
  interface Window {
    __seen?: Seen;
  }
}

describe('a large document opens with its progress shown, the page answering meanwhile', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;
  let dir: string;
  let text: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'workbench-large-'));
    text = largeText(8_000_000);
    writeFileSync(join(dir, NAME), text);
    served = await openServedWorkbench();
    session = served.session;
    await session.page.waitForFunction(() => document.querySelector('[data-testid="app"]')?.getAttribute('data-run-status') === 'done');
  });

  afterAll(async () => {
    await served?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows reading and laying-out progress, handles a click while opening, then shows the whole text', async () => {
    const { page } = session;
    // Records every stage and figure the opening indicator shows, and whether a click came
    // through while it was up (the main thread handled the input in the middle of the open).
    await page.evaluate(() => {
      const seen: Seen = { stages: [], figures: [], clickWhileOpening: null };
      window.__seen = seen;
      const note = () => {
        const shown = document.querySelector('[data-testid="opening"]');
        const stage = shown?.getAttribute('data-stage');
        const figures = shown?.querySelector('.progress-figures')?.textContent;
        if (stage && seen.stages[seen.stages.length - 1] !== stage) seen.stages.push(stage);
        if (figures && seen.figures[seen.figures.length - 1] !== figures) seen.figures.push(figures);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      document.addEventListener('click', () => (seen.clickWhileOpening ??= document.querySelector('[data-testid="opening"]') !== null), true);
    });

    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, NAME));
    await page.locator('[data-testid="opening"]').waitFor();
    // A click in the middle of the open: the Models tab, then back to the document.
    await page.locator('.tab', { hasText: 'Models' }).click();
    await page.locator('.tab.active', { hasText: 'Models' }).waitFor();
    await page.locator('.tab', { hasText: 'Document' }).click();

    await session.waitForDocument(NAME);
    await page.locator('[data-testid="opening"]').waitFor({ state: 'detached', timeout: 120_000 });
    const seen = (await page.evaluate(() => window.__seen))!;
    expect(seen.clickWhileOpening).toBe(true);
    expect(seen.stages).toContain('reading');
    expect(seen.stages).toContain('building');
    // The read and the lay-out each reported figures part way, not only at the end.
    expect(seen.figures.some((f) => /^reading \d+\.\d of 7\.\d MB$/.test(f) && !/^reading (7\.\d) of \1/.test(f))).toBe(true);
    expect(seen.figures.filter((f) => f.startsWith('laying out')).length).toBeGreaterThan(1);

    // The whole text is in the editor, and its end can be shown.
    expect(Number(await page.locator('[data-testid="document-view"]').getAttribute('data-chars'))).toBe(text.length);
    expect(await page.locator('[data-testid="app"]').getAttribute('data-document-name')).toBe(NAME);
    // The editor has the keyboard before the key goes (under load the click's focus can land late),
    // and the key is pressed again while the end is not shown: an 8 MB model on a loaded machine can
    // take a while to lay out, and a press before it is ready moves nothing.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.locator('.monaco-editor.focused').waitFor();
    const lastLine = page.locator('.monaco-editor .view-line', { hasText: 'The last line of the large document.' });
    for (let attempt = 0; attempt < 6 && !(await lastLine.isVisible()); attempt++) {
      await page.keyboard.press('Control+End');
      await lastLine.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    await lastLine.waitFor({ timeout: 1_000 });
    expect(session.errors).toEqual([]);
  });
});
