/**
 * The model in the loop, end to end in Chromium against `cli serve --workspace DIR`: a person
 * corrects one boundary, trains from corrections, and `learned` suggests the corresponding boundary
 * on a similar document, where the length prior alone would put it elsewhere and `structural`
 * puts none.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { WORKSPACE_MODEL_FILE } from '../../electron/services/learn/model-file';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineSegments, type ServedWorkbench, type WorkbenchSession, sideTab } from './support';

const SEA = ['The whaling ship left the harbour with its harpoons and its crew of sailors.', 'Each sailor on the ship watched the sea for the spout of a whale.', 'The captain of the whaling ship kept the harpoons sharp for the hunt at sea.', 'At sea the crew of the ship spoke of whales, harpoons and storms.', 'A whale rose near the ship and the sailors ran for the harpoons.'];
const BUDGET = ['Congress passed the budget after a long debate about taxes and spending.', 'The treasury reported that tax revenue grew faster than federal spending.', 'Lower taxes and careful spending would balance the federal budget in time.', 'The budget office expects the deficit to shrink as tax revenue grows.', 'Members of Congress argued over spending cuts in the new budget.', 'The treasury will borrow less if the budget deficit keeps falling.'];

/** One paragraph: some sentences about the sea, then some about the budget (no layout cue at the change). */
function document(sea: number, budget: number, shift: number): { text: string; change: number } {
  const first = Array.from({ length: sea }, (_, i) => SEA[(i + shift) % SEA.length]).join(' ') + ' ';
  const second = Array.from({ length: budget }, (_, i) => BUDGET[(i + shift) % BUDGET.length]).join(' ');
  return { text: first + second + '\n', change: first.length };
}

const TRAIN = document(2, 5, 0);
// Similar, but the change comes later (after 4 of 9 sentences, not 2 of 7).
const NEW = document(4, 5, 2);

const dir = scratchDir('e2e-learn-');
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;
const ids: Record<string, string> = {};

const starts = async (page: Page) => (await outlineSegments(page)).map((s) => s.start);

async function openDocument(page: Page, name: string): Promise<void> {
  await sideTab(page, 'workspace');
  await page.locator(`[data-testid="workspace-document"][data-id="${ids[name]}"]`).click();
  // Shown with its saved result, or once the default strategy's first run is over.
  await session.waitForDocument(name);
}

describe('train from corrections, then run learned', () => {
  beforeAll(async () => {
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: '', sourceFormat: 'txt' }) });
    for (const [name, doc] of [['sea-budget-1.txt', TRAIN], ['sea-budget-2.txt', NEW]] as const) ids[name] = (await ws.addDocument({ name, text: doc.text, sourceFormat: 'txt' })).id;
    await ws.close();
    // An empty models folder: no installed embedding model, so the model learns from the correction's words and layout alone.
    served = await openServedWorkbench({ args: ['--workspace', dir], env: { WORKBENCH_MODELS_DIR: scratchDir('e2e-learn-models-') } });
    session = served.session;
    await session.waitForRunStatus(['done']);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('correct a boundary, train, and see learned suggest it on a similar document', async () => {
    const { page } = session;
    await openDocument(page, 'sea-budget-2.txt');
    // structural keeps the one paragraph whole: no boundary where the topic changes.
    expect(await starts(page)).not.toContain(NEW.change);

    await openDocument(page, 'sea-budget-1.txt');
    expect(await starts(page)).toEqual([0]);
    // Split after the first sentence, then after the second (the topic change), then merge the first two back.
    await page.locator('[data-testid="outline-item"]').nth(0).click();
    await page.locator('[data-testid="split"]').click();
    await page.locator('[data-testid="split"]').click();
    await expect.poll(() => starts(page)).toHaveLength(3);
    await page.locator('[data-testid="outline-item"]').nth(0).click();
    await page.locator('[data-testid="merge-next"]').click();
    await expect.poll(() => starts(page)).toEqual([0, TRAIN.change]);
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 30_000 });

    // Before any training the Run panel says why learned is missing, and its link leads to Learn.
    await sideTab(page, 'run');
    const untrained = page.locator('[data-testid="strategy-unavailable"]');
    expect(await untrained.innerText()).toContain('learned (no trained model');
    await untrained.locator('button', { hasText: 'Learn' }).click();
    await page.locator('[data-testid="train-learned"]').click();
    await page.locator('[data-testid="learn-report"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="learn-features"] tbody tr').count()).toBeGreaterThan(3);
    expect(existsSync(path.join(dir, WORKSPACE_MODEL_FILE))).toBe(true);
    await session.screenshot('learn-trained');

    await openDocument(page, 'sea-budget-2.txt');
    await sideTab(page, 'run');
    await untrained.waitFor({ state: 'detached' });
    await page.locator('[data-testid="strategy-select"]').selectOption('learned');
    await page.locator('[data-testid="run"]').click();
    await session.waitForRunStatus(['done']);
    await expect.poll(() => starts(page)).toContain(NEW.change);
    await session.screenshot('learn-suggested');
  }, 240_000);
});
