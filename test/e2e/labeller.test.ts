/**
 * The labeller's tools end to end, against `cli serve --workspace DIR` in Debian's Chromium:
 * Compare drawn over the text with its disagreements stepped through, the keyboard review flow,
 * finding segments, and the workspace table.
 */
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

const dir = scratchDir('e2e-labeller-');
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;

const starts = async (page: Page) => (await outlineSegments(page)).map((s) => s.start);

/** Gives the document view the keyboard with its cursor at segment `index`'s start (an outline click does both). */
async function focusSegment(page: Page, index: number): Promise<void> {
  await (await outlineRow(page, index)).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="document-view"]') !== null)).toBe(true);
}

describe('the labeller against serve --workspace', () => {
  beforeAll(async () => {
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: DOCS[0]!.text, sourceFormat: 'md' }) });
    for (const d of DOCS) await ws.addDocument({ name: d.name, text: d.text, sourceFormat: 'md' });
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
});
