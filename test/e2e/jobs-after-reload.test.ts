/**
 * A job started before the page reloads shows again after it (issue 35, item 2: `listJobs`),
 * in the browser through the web host: a pull from a slow loopback hub is under way, the page
 * reloads, and the Models screen shows the pull's progress again; its Cancel stops it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackHub } from '../models/loopback-hub';
import { scratchDir } from '../support/scratch-dir';
import type { ServedWorkbench } from './support';
import { servedWithSlowPull } from './support/slow-pull';

const dir = scratchDir('workbench-e2e-jobs-after-reload-');

describe('jobs under way when the page reloads', () => {
  let served: ServedWorkbench | undefined;
  const hub = new LoopbackHub();

  beforeAll(async () => {
    served = await servedWithSlowPull(hub, dir);
  });

  afterAll(async () => {
    await served?.close();
    await hub.stop();
  });

  it('a pull started before a reload shows its progress again after it, and its Cancel stops it', async () => {
    const { page } = served!.session;
    const openModels = () => page.getByRole('button', { name: 'Models', exact: true }).click();
    const row = () => page.locator('tr', { hasText: 'slow' });
    const downloads = () => hub.requests.filter((r) => r.method === 'GET' && r.path.endsWith('tiny-qwen2.gguf')).length;
    await openModels();
    await row().getByRole('button', { name: 'Pull' }).click({ timeout: 120_000 });
    await row().locator('[data-testid="pull-progress"]').waitFor({ timeout: 60_000 });
    // The hub stalls (the next piece in 30 s): no progress event comes while the page reloads and
    // opens the Models screen, so what shows there is what the page asked for (listJobs).
    hub.behaviour.pieceDelayMs = 30_000;
    await new Promise((resolve) => setTimeout(resolve, 500));

    await page.reload();
    await page.locator('[data-testid="app"]').waitFor();
    await openModels();
    await row().locator('[data-testid="pull-progress"]').waitFor({ timeout: 10_000 });
    await row().locator('[data-testid="cancel-pull"]').click();
    await row().getByRole('button', { name: 'Pull' }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('body')).toContain('Download cancelled; pulling again resumes it.');
    // One download from first to last: the reload neither restarted nor repeated it.
    expect(downloads()).toBe(1);
  }, 300_000);
});
