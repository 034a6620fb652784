/**
 * The Models screen with hostile model input (issue 23), in the browser through the web host: a
 * crafted GGUF in the models folder is listed as damaged with the reason (the list answers instead
 * of spinning), and a pull from a slow loopback hub is stopped by its Cancel button.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackHub } from '../models/loopback-hub';
import { CRAFTED_GGUFS } from '../models/crafted-gguf';
import { TINY_LORAS, TINY_MODEL, requireFixtures } from '../models/paths';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, type ServedWorkbench } from './support';

const dir = scratchDir('workbench-e2e-models-hostile-');
const crafted = CRAFTED_GGUFS.find((c) => c.file === 'tensors-2e63.gguf')!;

describe('Models screen with a crafted file and a slow hub', () => {
  let served: ServedWorkbench | undefined;
  const hub = new LoopbackHub();

  beforeAll(async () => {
    requireFixtures();
    const models = join(dir, 'models');
    const profiles = join(dir, 'profiles');
    mkdirSync(models);
    mkdirSync(profiles);
    writeFileSync(join(models, crafted.file), crafted.body());
    copyFileSync(TINY_LORAS[0]!, join(models, 'good-lora.gguf'));
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
    hub.behaviour = { pieceDelayMs: 100 };
    const endpoint = await hub.start();
    const model = { base: { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' } };
    writeFileSync(join(profiles, 'slow.json'), JSON.stringify({ name: 'slow', strategy: 'simple', model, prompt: { template: '{{text}}' }, output: {} }));
    served = await openServedWorkbench({ args: ['--models-dir', models, '--profiles', profiles], env: { ...process.env, HF_ENDPOINT: endpoint } });
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
    expect(await page.textContent('body')).toContain('Download cancelled; pulling again resumes it.');
    await served!.session.screenshot('models-hostile');
  }, 300_000);
});
