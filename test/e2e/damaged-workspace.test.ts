/**
 * Issue 12, row 7, in the browser: a workspace with two damaged documents opens, lists the healthy
 * one as usual and the damaged ones apart with their file, and the Workspace panel's Repair and
 * Remove buttons fix them: the repaired document joins the list, the removed one moves to
 * removed/ in the workspace folder.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = path.join(scratchDir('e2e-damaged-'), 'ws');
const body = (topic: string) => `# ${topic}\n\nA paragraph about ${topic}, long enough to read as a section.\n`;
let served: ServedWorkbench | undefined;
let session: WorkbenchSession;
const ids = { healthy: '', record: '', correction: '' };

describe('damaged workspace documents in the Workspace panel', () => {
  beforeAll(async () => {
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: '', sourceFormat: 'md' }) });
    ids.healthy = (await ws.addDocument({ name: 'healthy.md', text: body('apples'), sourceFormat: 'md' })).id;
    ids.record = (await ws.addDocument({ name: 'lost-record.md', text: body('rivers'), sourceFormat: 'md' })).id;
    ids.correction = (await ws.addDocument({ name: 'bad-correction.md', text: body('storms'), sourceFormat: 'md' })).id;
    await ws.close();
    const recordFile = path.join(dir, 'documents', ids.record, 'document.json');
    writeFileSync(recordFile, readFileSync(recordFile, 'utf8').replace(/"chars": \d+/, '"chars": "lots"'));
    writeFileSync(path.join(dir, 'documents', ids.correction, 'corrected.json'), '{"format": ');
    served = await openServedWorkbench({ args: ['--workspace', dir] });
    session = served.session;
  });

  afterAll(async () => {
    await served?.close();
  });

  it('lists the damaged documents apart, and repairs one and removes the other from the panel', async () => {
    const { page } = session;
    const damaged = page.locator('[data-testid="damaged-document"]');
    await page.locator('[data-testid="workspace-damaged"]').waitFor();
    await expect.poll(() => damaged.count()).toBe(2);
    await expect.poll(() => page.locator('[data-testid="workspace-document"]').count()).toBe(1);
    expect(await page.locator('[data-testid="workspace-damaged"]').innerText()).toContain(`documents/${ids.record}/document.json`);
    await session.screenshot('damaged-workspace');

    await page.locator(`[data-testid="damaged-document"][data-id="${ids.record}"] [data-testid="damaged-repair"]`).click();
    await expect.poll(() => damaged.count()).toBe(1);
    await page.locator(`[data-testid="workspace-document"][data-id="${ids.record}"]`).waitFor();

    await page.locator(`[data-testid="damaged-document"][data-id="${ids.correction}"] [data-testid="damaged-remove"]`).click();
    await page.locator('[data-testid="workspace-damaged"]').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid="workspace-document"]').count()).toBe(2);
    expect(existsSync(path.join(dir, 'documents', ids.correction))).toBe(false);
    expect(readdirSync(path.join(dir, 'removed'))).toEqual([expect.stringMatching(new RegExp(`^${ids.correction}\\.`))]);
    expect(session.errors).toEqual([]);
  });
});
