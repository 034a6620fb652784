/**
 * Batch work in the browser (issue 11, item 6), against `cli serve --workspace DIR`: import a
 * folder into the workspace, run a strategy on every document with one progress bar, review the
 * documents one after another, and export the corrections as one training JSONL whose content is
 * checked line by line against what the page showed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentencesOf, type TrainingExample } from '../../shared/formats/training';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineSegments, type ServedWorkbench, type WorkbenchSession, sideTab } from './support';
import { downloadedText } from './support/downloads';

const dir = scratchDir('e2e-batch-');
const folder = path.join(dir, 'reports');
const workspaceDir = path.join(dir, 'workspace');

const TOPICS: Record<string, string[]> = {
  'a-harbours.md': ['tides', 'cranes', 'ferries'],
  'b-forests.md': ['moss', 'owls', 'rangers'],
  'c-markets.md': ['spices', 'scales', 'stalls'],
};
function reportText(topics: string[]): string {
  return topics
    .map((t, i) => `# Part ${i + 1}\n\n` + Array.from({ length: 3 }, (_, j) => `Sentence ${j + 1} about ${t} goes on for a while, to make a line.`).join(' '))
    .join('\n\n') + '\n';
}

const shownName = (page: Page) => page.locator('[data-testid="app"]').getAttribute('data-document-name');

describe('batch work in the browser (serve --workspace)', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    for (const [name, topics] of Object.entries(TOPICS)) writeFileSync(path.join(folder, name), reportText(topics));
    writeFileSync(path.join(folder, 'notes.bin'), 'not a document');
    // The page may name paths only inside the workspace and --allow-dir folders (docs/security.md).
    served = await openServedWorkbench({ args: ['--workspace', workspaceDir, '--allow-dir', folder] });
    session = served.session;
    // An empty workspace: the start-up shows the sample.
    await session.waitForRunStatus(['done']);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('imports a folder, runs a strategy on all of it with one progress bar, reviews the next documents, and exports the training JSONL', async () => {
    const { page } = session;
    await sideTab(page, 'workspace');
    await page.locator('[data-testid="workspace-import-path"]').fill(folder);
    await page.locator('[data-testid="workspace-import"]').click();
    await expect.poll(() => page.locator('[data-testid="workspace-document"]').allTextContents()).toEqual(
      Object.keys(TOPICS).map((name) => expect.stringContaining(name)),
    );

    await sideTab(page, 'run');
    await page.locator('[data-testid="strategy-select"]').selectOption('sentence-rules');
    await sideTab(page, 'workspace');
    await page.locator('[data-testid="batch-run"]').click();
    const progress = page.locator('[data-testid="batch-progress"]');
    await progress.waitFor();
    expect(await progress.locator('progress').count()).toBe(1);
    await expect.poll(() => progress.getAttribute('data-fraction'), { timeout: 60_000 }).toBe('1');
    await expect.poll(() => progress.textContent()).toContain('3/3 done');

    // Review: the next document not fully reviewed, then the one after it.
    await page.locator('[data-testid="workspace-next"]').click();
    await expect.poll(() => shownName(page)).toBe('a-harbours.md');
    await page.locator('[data-testid="outline-item"]').first().waitFor();
    // The batch's sentence-rules run is what shows: one segment per sentence-rules chunk.
    const firstShown = await outlineSegments(page);
    expect(firstShown.length).toBeGreaterThan(1);
    // Correct it: merge the first two segments and mark the first reviewed; both are saved.
    await page.locator('[data-testid="outline-item"]').first().click();
    await page.locator('[data-testid="merge-next"]').click();
    await expect.poll(async () => (await outlineSegments(page)).length).toBe(firstShown.length - 1);
    await page.locator('[data-testid="reviewed"]').click();
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });
    // The review bar also says how far the whole workspace is reviewed (issue 31).
    await expect.poll(() => page.locator('[data-testid="review-workspace"]').textContent()).toMatch(/workspace: \d\/3 documents reviewed, \d+ segments/);
    const corrected = await outlineSegments(page);

    await page.locator('[data-testid="workspace-next"]').click();
    await expect.poll(() => shownName(page)).toBe('b-forests.md');

    const download = page.waitForEvent('download');
    await page.locator('[data-testid="workspace-export-training"]').click();
    const lines = (await downloadedText(download)).split('\n').filter((l) => l !== '');
    // Only corrected documents are training data: the one reviewed above.
    expect(lines).toHaveLength(1);
    const example = JSON.parse(lines[0]!) as TrainingExample;
    const text = reportText(TOPICS['a-harbours.md']!);
    expect(example.sections).toEqual(corrected.map((s) => sentencesOf(text, s.start, s.end)));
    await expect.poll(() => page.locator('.notice').allTextContents()).toContainEqual(expect.stringContaining('Exported 1 corrected document(s)'));
    await session.screenshot('batch-after-export');
  });
});
