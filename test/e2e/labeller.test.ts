/**
 * The labeller's tools end to end, against `cli serve --workspace DIR` in Debian's Chromium:
 * Compare drawn over the text with its disagreements stepped through, the keyboard review flow,
 * finding segments, and the workspace table.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineRow, outlineSegments, type ServedWorkbench, type WorkbenchSession } from './support';

const TOPICS = ['apples', 'rivers', 'engines', 'poems', 'storms'];
const textOf = (title: string) =>
  `# ${title}\n\n` +
  TOPICS.map((t, i) =>
    Array.from({ length: 4 }, (_, j) => `Sentence ${j + 1} of section ${i + 1} says something rather long and detailed about ${t}, so that it fills a line.`).join(' '),
  ).join('\n\n') +
  '\n';
const DOCS = [
  { name: 'alpha.md', text: textOf('Alpha') },
  { name: 'beta.md', text: textOf('Beta') },
];
const UNTOUCHED = 'gamma.md';

const dir = scratchDir('e2e-labeller-');
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;
const ids = new Map<string, string>();

const starts = async (page: Page) => (await outlineSegments(page)).map((s) => s.start);

/** Gives the document view the keyboard with its cursor at segment `index`'s start (an outline click does both). */
async function focusSegment(page: Page, index: number): Promise<void> {
  await (await outlineRow(page, index)).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="document-view"]') !== null)).toBe(true);
}

describe('the labeller against serve --workspace', () => {
  beforeAll(async () => {
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: DOCS[0]!.text, sourceFormat: 'md' }) });
    for (const d of DOCS) ids.set(d.name, (await ws.addDocument({ name: d.name, text: d.text, sourceFormat: 'md' })).id);
    // Never opened: the workspace table's untouched document.
    ids.set(UNTOUCHED, (await ws.addDocument({ name: UNTOUCHED, text: textOf('Gamma'), sourceFormat: 'md' })).id);
    await ws.close();
    served = await openServedWorkbench({ args: ['--workspace', dir] });
    session = served.session;
    await session.page.locator('[data-testid="app"][data-document-name$=".md"]').waitFor({ timeout: 60_000 });
    await session.waitForRunStatus(['done']);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('overlays two strategies on the text and steps through their disagreements', async () => {
    const { page } = session;
    const structural = await starts(page);
    await page.locator('[data-testid="keep-results"]').check();
    await page.locator('[data-testid="strategy-select"]').selectOption('sentence-rules');
    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed'])).toBe('done');
    // Delete one boundary that both have, so each side has one the other lacks.
    const sentences = await starts(page);
    const both = sentences.findIndex((s, i) => i > 0 && structural.includes(s));
    expect(both).toBeGreaterThan(0);
    await focusSegment(page, both);
    await page.keyboard.press('d');
    await expect.poll(async () => (await starts(page)).length).toBe(sentences.length - 1);

    const panel = page.locator('[data-testid="compare-panel"]');
    await panel.locator('[data-testid="compare-overlay-show"]').check();
    const marks = await panel.locator('[data-testid="compare-mark"]').evaluateAll((els) => els.map((m) => ({ side: m.getAttribute('data-side'), offset: Number(m.getAttribute('data-offset')) })));
    const disagreements = [...new Set(marks.filter((m) => m.side !== 'shared').map((m) => m.offset))].sort((a, b) => a - b);
    expect(disagreements).toContain(sentences[both]);
    // The three marks are in the document view itself.
    for (const side of ['shared', 'left', 'right']) await expect.poll(() => page.locator(`[data-testid="document-view"] .cmp-mark.cmp-${side}`).count()).toBeGreaterThan(0);

    const at = () => page.locator('[data-testid="compare-position"]').getAttribute('data-offset');
    await focusSegment(page, 0);
    await page.keyboard.press('n');
    await expect.poll(at).toBe(String(disagreements[0]));
    await page.keyboard.press('n');
    await expect.poll(at).toBe(String(disagreements[1]));
    await page.keyboard.press('Shift+N');
    await expect.poll(at).toBe(String(disagreements[0]));
    await page.locator('[data-testid="compare-next"]').click();
    await expect.poll(at).toBe(String(disagreements[1]));
    await page.locator('[data-testid="compare-previous"]').click();
    await expect.poll(at).toBe(String(disagreements[0]));
    // Typed into a field, the letter is only typed.
    await panel.locator('[data-testid="compare-tolerance"]').press('n');
    await expect.poll(at).toBe(String(disagreements[0]));
    await session.screenshot('labeller-compare-overlay');
    await panel.locator('[data-testid="compare-overlay-show"]').uncheck();
    await expect.poll(() => page.locator('[data-testid="document-view"] .cmp-mark').count()).toBe(0);
  });

  it('reviews boundaries from the keyboard: accept, move, reject, undo, next document, the outline', async () => {
    const { page } = session;
    const app = page.locator('[data-testid="app"]');
    const first = await app.getAttribute('data-document-name');
    await focusSegment(page, 0);
    await page.keyboard.press('Shift+J');
    await expect.poll(() => app.getAttribute('data-document-name')).not.toBe(first);
    await session.waitForRunStatus(['done']);
    const second = (await app.getAttribute('data-document-name'))!;
    const text = DOCS.find((d) => d.name === second)!.text;
    const bar = page.locator('[data-testid="review-bar"]');
    const before = await starts(page);
    expect(before.length).toBeGreaterThan(3);

    await focusSegment(page, 1);
    await page.keyboard.press('a');
    await expect.poll(() => bar.getAttribute('data-index')).toBe('2');
    await expect.poll(() => bar.getAttribute('data-reviewed')).toBe('1');
    // Moved forward: to the next sentence start inside segment 2.
    await page.keyboard.press(']');
    await expect.poll(async () => (await starts(page))[2]).not.toBe(before[2]);
    const moved = (await starts(page))[2]!;
    expect(moved).toBeGreaterThan(before[2]!);
    expect(moved).toBeLessThan(before[3]!);
    expect(text.slice(moved - 2, moved)).toBe('. ');
    await page.keyboard.press('[');
    await expect.poll(async () => (await starts(page))[2]).toBe(before[2]);
    // Segment 1's extent changed with the move, so its approval went with it (shared/edit/notes.ts).
    await expect.poll(() => bar.getAttribute('data-reviewed')).toBe('0');
    await page.keyboard.press('x');
    await expect.poll(async () => (await starts(page)).length).toBe(before.length - 1);
    await expect.poll(() => bar.getAttribute('data-offset')).toBe(String(before[3]));
    await page.keyboard.press('Control+z');
    await expect.poll(() => starts(page)).toEqual(before);

    // Typed into Monaco's Find box, the review letters are only typed.
    const reviewed = await bar.getAttribute('data-reviewed');
    await focusSegment(page, 1);
    await page.keyboard.press('Control+f');
    await page.locator('.find-widget textarea, .find-widget input').first().waitFor();
    await page.keyboard.type('ax][');
    await page.keyboard.press('Escape');
    expect(await starts(page)).toEqual(before);
    expect(await bar.getAttribute('data-reviewed')).toBe(reviewed);

    // The outline from the keyboard: arrows move between rows, Enter shows the segment.
    await (await outlineRow(page, 0)).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.index)).toBe('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => bar.getAttribute('data-index')).toBe('2');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="document-view"]') !== null)).toBe(true);
    await session.screenshot('labeller-review');

    await page.keyboard.press('Shift+K');
    await expect.poll(() => app.getAttribute('data-document-name')).toBe(first);
  });

  it('finds segments by text, filters by reviewed state and sorts by length', async () => {
    const { page } = session;
    const name = (await page.locator('[data-testid="app"]').getAttribute('data-document-name'))!;
    const text = DOCS.find((d) => d.name === name)!.text;
    const segments = await outlineSegments(page);
    const panel = page.locator('[data-testid="find-panel"]');
    const results = async () => panel.locator('[data-testid="find-result"]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-index'))));
    // "/" in the document puts the keyboard in the search box.
    await focusSegment(page, 0);
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('find-text');
    await page.keyboard.type('ENGINES');
    const expected = segments.flatMap((s, i) => (text.slice(s.start, s.end).toLowerCase().includes('engines') ? [i] : []));
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(results).toEqual(expected);
    await panel.locator('[data-testid="find-result"]').first().click();
    await expect.poll(() => page.locator('[data-testid="review-bar"]').getAttribute('data-index')).toBe(String(expected[0]));

    await panel.locator('[data-testid="find-text"]').fill('');
    await panel.locator('[data-testid="find-sort"]').selectOption('longest');
    const byLength = segments.map((s, i) => ({ i, chars: s.end - s.start })).sort((a, b) => b.chars - a.chars || a.i - b.i).map((s) => s.i);
    await expect.poll(async () => Number(await panel.locator('[data-testid="find-count"]').getAttribute('data-count'))).toBe(segments.length);
    expect((await results()).slice(0, 3)).toEqual(byLength.slice(0, 3));

    await focusSegment(page, 2);
    await page.keyboard.press('a');
    await panel.locator('[data-testid="find-sort"]').selectOption('order');
    await panel.locator('[data-testid="find-filter"]').selectOption('reviewed');
    await expect.poll(results).toContain(2);
    expect((await results()).every((i) => i !== 1 && i !== 3)).toBe(true);
    await panel.locator('[data-testid="find-filter"]').selectOption('unreviewed');
    await expect.poll(results).not.toContain(2);
    await session.screenshot('labeller-find');
    await panel.locator('[data-testid="find-filter"]').selectOption('all');
  });

  it('lists the workspace in a table: search, filter, sort, open, remove', async () => {
    const { page } = session;
    const app = page.locator('[data-testid="app"]');
    const shown = (await app.getAttribute('data-document-name'))!;
    const other = DOCS.find((d) => d.name !== shown)!.name;
    await page.locator('[data-testid="tab-workspace"]').click();
    const table = page.locator('[data-testid="workspace-table"]');
    const rows = () => table.locator('[data-testid="workspace-row"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-id')}:${e.getAttribute('data-state')}`));
    await expect.poll(rows).toHaveLength(3);
    // The documents reviewed above have hand edits; the third was never opened.
    expect(await rows()).toContain(`${ids.get(shown)}:edited`);
    expect(await rows()).toContain(`${ids.get(UNTOUCHED)}:untouched`);

    await table.locator('[data-testid="workspace-table-search"]').fill(other.slice(0, 3).toUpperCase());
    await expect.poll(rows).toEqual([expect.stringMatching(new RegExp(`^${ids.get(other)}:`))]);
    await table.locator('[data-testid="workspace-table-search"]').fill('');
    await table.locator('[data-testid="workspace-table-state"]').selectOption('untouched');
    await expect.poll(rows).toEqual([`${ids.get(UNTOUCHED)}:untouched`]);
    await table.locator('[data-testid="workspace-table-state"]').selectOption('all');
    const byName = [...ids.keys()].sort().map((n) => ids.get(n));
    await expect.poll(async () => (await rows()).map((r) => r.split(':')[0])).toEqual(byName);
    await table.locator('[data-testid="workspace-sort-name"]').click();
    await expect.poll(async () => (await rows()).map((r) => r.split(':')[0])).toEqual([...byName].reverse());
    await session.screenshot('labeller-workspace-table');

    // Open from the keyboard: the row, then Enter.
    await table.locator(`[data-testid="workspace-row"][data-id="${ids.get(other)}"]`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => app.getAttribute('data-document-name')).toBe(other);
    await expect.poll(() => page.locator('[data-testid="document-view"]').isVisible()).toBe(true);

    await page.locator('[data-testid="tab-workspace"]').click();
    page.once('dialog', (dialog) => void dialog.accept());
    await table.locator(`[data-testid="workspace-row"][data-id="${ids.get(shown)}"] [data-testid="workspace-row-remove"]`).click();
    await expect.poll(rows).toHaveLength(2);
    expect(existsSync(path.join(dir, 'documents', ids.get(shown)!))).toBe(false);
  });
});
