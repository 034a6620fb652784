/**
 * Issue 12, row 7, and issue 23, item 5, in the browser: a workspace with four damaged documents
 * (a broken record, a correction that is not JSON, a lost source.txt, a correction that passes its
 * schema but puts a boundary past the end of the text) opens, lists the healthy one as usual and
 * the damaged ones apart with their file and reason, and the Workspace panel's Repair and Remove
 * buttons fix them: a repaired document joins the list, a removed one moves to removed/.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, type ServedWorkbench, type WorkbenchSession, sideTab } from './support';

const dir = path.join(scratchDir('e2e-damaged-'), 'ws');
const body = (topic: string) => `# ${topic}\n\nA paragraph about ${topic}, long enough to read as a section.\n`;
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;
const ids = { healthy: '', record: '', correction: '', source: '', coverage: '' };

describe('damaged workspace documents in the Workspace panel', () => {
  beforeAll(async () => {
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: '', sourceFormat: 'md' }) });
    ids.healthy = (await ws.addDocument({ name: 'healthy.md', text: body('apples'), sourceFormat: 'md' })).id;
    ids.record = (await ws.addDocument({ name: 'lost-record.md', text: body('rivers'), sourceFormat: 'md' })).id;
    ids.correction = (await ws.addDocument({ name: 'bad-correction.md', text: body('storms'), sourceFormat: 'md' })).id;
    ids.source = (await ws.addDocument({ name: 'lost-source.md', text: body('deserts'), sourceFormat: 'md' })).id;
    ids.coverage = (await ws.addDocument({ name: 'past-the-end.md', text: body('glaciers'), sourceFormat: 'md' })).id;
    await ws.saveCorrectionNow(ids.coverage, segmentationFromCuts(body('glaciers'), [body('glaciers').indexOf('A paragraph')]), null);
    await ws.close();
    const recordFile = path.join(dir, 'documents', ids.record, 'document.json');
    writeFileSync(recordFile, readFileSync(recordFile, 'utf8').replace(/"chars": \d+/, '"chars": "lots"'));
    writeFileSync(path.join(dir, 'documents', ids.correction, 'corrected.json'), '{"format": ');
    rmSync(path.join(dir, 'documents', ids.source, 'source.txt'));
    const coverageFile = path.join(dir, 'documents', ids.coverage, 'corrected.json');
    const corrected = JSON.parse(readFileSync(coverageFile, 'utf8')) as { segmentation: { boundaries: number[] } };
    corrected.segmentation.boundaries = [10_000];
    writeFileSync(coverageFile, JSON.stringify(corrected));
    served = await openServedWorkbench({ args: ['--workspace', dir] });
    session = served.session;
  });

  afterAll(async () => {
    await served?.close();
  });

  it('lists the damaged documents apart with their reasons, and repairs two and removes two from the panel', async () => {
    const { page } = session;
    await sideTab(page, 'workspace');
    const damaged = page.locator('[data-testid="damaged-document"]');
    await page.locator('[data-testid="workspace-damaged"]').waitFor();
    await expect.poll(() => damaged.count()).toBe(4);
    await expect.poll(() => page.locator('[data-testid="workspace-document"]').count()).toBe(1);
    const listed = await page.locator('[data-testid="workspace-damaged"]').innerText();
    expect(listed).toContain(`documents/${ids.record}/document.json`);
    expect(listed).toContain(`documents/${ids.source}/source.txt: documents/${ids.source}/source.txt is missing`);
    expect(listed).toMatch(new RegExp(`documents/${ids.coverage}/corrected\\.json: .*does not cover the text: boundary 10000 is not inside the text`));
    // A lost source has nothing to repair from: Remove only.
    expect(await page.locator(`[data-testid="damaged-document"][data-id="${ids.source}"] [data-testid="damaged-repair"]`).isDisabled()).toBe(true);
    await session.screenshot('damaged-workspace');

    await page.locator(`[data-testid="damaged-document"][data-id="${ids.record}"] [data-testid="damaged-repair"]`).click();
    await expect.poll(() => damaged.count()).toBe(3);
    await page.locator(`[data-testid="workspace-document"][data-id="${ids.record}"]`).waitFor();

    await page.locator(`[data-testid="damaged-document"][data-id="${ids.coverage}"] [data-testid="damaged-repair"]`).click();
    await expect.poll(() => damaged.count()).toBe(2);
    await page.locator(`[data-testid="workspace-document"][data-id="${ids.coverage}"]`).waitFor();

    for (const id of [ids.correction, ids.source]) {
      await page.locator(`[data-testid="damaged-document"][data-id="${id}"] [data-testid="damaged-remove"]`).click();
      await page.locator(`[data-testid="damaged-document"][data-id="${id}"]`).waitFor({ state: 'detached' });
    }
    await page.locator('[data-testid="workspace-damaged"]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid="workspace-document"]').count()).toBe(3);
    expect(existsSync(path.join(dir, 'documents', ids.correction))).toBe(false);
    // Sorted: bad-correction-… before lost-source-….
    expect(readdirSync(path.join(dir, 'removed')).sort()).toEqual([expect.stringMatching(new RegExp(`^${ids.correction}\\.`)), expect.stringMatching(new RegExp(`^${ids.source}\\.`))]);
    expect(session.errors).toEqual([]);
  });
});
