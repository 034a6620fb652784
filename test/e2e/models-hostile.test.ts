/**
 * The Models screen with hostile model input (issue 23), in the browser through the web host: a
 * crafted GGUF in the models folder is listed as damaged with the reason (the list answers instead
 * of spinning), and a pull from a slow loopback hub is stopped by its Cancel button.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackHub } from '../models/loopback-hub';
import { CRAFTED_GGUFS } from '../models/crafted-gguf';
import { TINY_LORAS } from '../models/paths';
import { scratchDir } from '../support/scratch-dir';
import type { ServedWorkbench } from './support';
import { servedWithSlowPull } from './support/slow-pull';

const dir = scratchDir('workbench-e2e-models-hostile-');
const crafted = CRAFTED_GGUFS.find((c) => c.file === 'tensors-2e63.gguf')!;

describe('Models screen with a crafted file and a slow hub', () => {
  let served: ServedWorkbench | undefined;
  const hub = new LoopbackHub();

  beforeAll(async () => {
    served = await servedWithSlowPull(hub, dir, (models) => {
      writeFileSync(join(models, crafted.file), crafted.body());
      copyFileSync(TINY_LORAS[0]!, join(models, 'good-lora.gguf'));
    });
  });

  afterAll(async () => {
    await served?.close();
    await hub.stop();
  });

  it('lists the crafted file as damaged with its reason, and Cancel stops a running pull', async () => {
    const { page } = served!.session;
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    const damaged = page.locator('[data-testid="damaged-model"]');
    await damaged.waitFor({ timeout: 60_000 });
    expect(await damaged.textContent()).toMatch(/tensors-2e63\.gguf.*damaged.*tensor count 9223372036854775808 is over the limit/);
    expect(await page.locator('[data-testid="installed-models"]').textContent()).toContain('good-lora.gguf');

    const row = page.locator('tr', { hasText: 'slow' });
    await row.getByRole('button', { name: 'Pull' }).click({ timeout: 120_000 });
    await row.locator('[data-testid="pull-progress"]').waitFor({ timeout: 60_000 });
    await row.locator('[data-testid="cancel-pull"]').click();
    await row.getByRole('button', { name: 'Pull' }).waitFor({ timeout: 60_000 });
    // The notice may come a moment after the row's Pull button is back (under load it did).
    await page.getByText('Download cancelled; pulling again resumes it.').first().waitFor({ timeout: 30_000 });
    await served!.session.screenshot('models-hostile');
  }, 300_000);
});
