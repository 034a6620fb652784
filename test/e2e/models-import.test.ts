/**
 * Import by purpose (issue 25, item 9), against `cli serve` in Debian's Chromium with the built-in
 * profiles and an empty models folder: the Models screen asks what each fixture file is for and
 * installs it under the name the profile expects, so `simple` becomes ready and the Run panel
 * offers it at once, without a reload; a file of the wrong kind for its purpose is refused.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureModelsDir, tinyModelPath } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('e2e-models-import-');
const modelsDir = join(dir, 'models');
// The names resources/profiles/simple.json gives its base model and adapter.
const BASE_NAME = 'qwen2-0_5b-instruct-q8_0.gguf';
const SIMPLE_ADAPTER_NAME = 'text-seg-lm-qwen2-0.5b-lora.gguf';

describe('importing model files by what they are for', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    if (!existsSync(tinyModelPath)) throw new Error(`${tinyModelPath} is missing: run npm run fixtures`);
    mkdirSync(modelsDir);
    served = await openServedWorkbench({ args: ['--models-dir', modelsDir, '--allow-dir', fixtureModelsDir] });
    session = served.session;
  });

  afterAll(async () => {
    await served?.close();
  });

  const strategyOptions = () =>
    session.page.locator('[data-testid="strategy-select"] option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));

  async function importAs(file: string, purpose: string): Promise<void> {
    const { page } = session;
    await page.locator('[data-testid="import-model-path"]').fill(join(fixtureModelsDir, file));
    await page.locator('[data-testid="import-model-purpose"]').selectOption(purpose);
    await page.locator('[data-testid="import-model"]').click();
  }

  it('wires the simple profile from a base and an adapter, and the Run panel offers simple at once', async () => {
    const { page } = session;
    await expect.poll(strategyOptions, { timeout: 60_000 }).toContain('structural');
    expect(await strategyOptions()).not.toContain('simple');
    await page.getByRole('button', { name: 'Models', exact: true }).click();

    // An adapter offered as the base model is refused by its GGUF header, and nothing is installed.
    await importAs('tiny-lora-simple.gguf', 'base');
    await expect.poll(() => page.locator('.notice-error').last().textContent(), { timeout: 60_000 }).toMatch(/is a LoRA adapter, not a model/);
    expect(existsSync(join(modelsDir, BASE_NAME))).toBe(false);

    await importAs('tiny-qwen2.gguf', 'base');
    await expect.poll(() => page.locator('[data-testid="installed-models"]').textContent(), { timeout: 60_000 }).toContain(BASE_NAME);
    await importAs('tiny-lora-simple.gguf', 'simple-adapter');
    await expect.poll(() => page.locator('[data-testid="installed-models"]').textContent(), { timeout: 60_000 }).toContain(SIMPLE_ADAPTER_NAME);
    expect(existsSync(join(modelsDir, 'tiny-lora-simple.gguf'))).toBe(false);
    await expect.poll(() => page.locator('tr', { hasText: 'simple' }).filter({ hasText: 'ready' }).count(), { timeout: 120_000 }).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Document', exact: true }).click();
    await expect.poll(strategyOptions, { timeout: 30_000 }).toContain('simple');
    await session.screenshot('models-import-by-purpose');
  }, 300_000);
});
