/**
 * Mending the models folder from the Models screen (issue 31, item 6), against `cli serve` in
 * Debian's Chromium with the built-in profiles and an empty models folder: an adapter imported for
 * another strategy is installed but flagged on its row (its own name and general.name say topic,
 * the purpose chosen was simple); Replace swaps it for the right file and the warning goes; a
 * replacement of the wrong kind, a rename out of the folder and an import over a different file
 * are refused with messages that name no CLI flag; Rename and Delete change the folder and the
 * profile's readiness at once. Every row appears as soon as its import answers.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureModelsDir, tinyModelPath } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, sideTab, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('e2e-models-mending-');
const modelsDir = join(dir, 'models');
// The names resources/profiles/simple.json gives its base model and adapter.
const BASE_NAME = 'qwen2-0_5b-instruct-q8_0.gguf';
const SIMPLE_ADAPTER_NAME = 'text-seg-lm-qwen2-0.5b-lora.gguf';
/** A CLI flag in a message: `--force`, `--name`, `--endpoint`. */
const CLI_FLAG = /(^|\s)--[a-z]/;

describe('mending installed model files from the Models screen', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    if (!existsSync(tinyModelPath)) throw new Error(`${tinyModelPath} is missing: run npm run fixtures`);
    mkdirSync(modelsDir);
    served = await openServedWorkbench({ args: ['--models-dir', modelsDir, '--allow-dir', fixtureModelsDir] });
    session = served.session;
    // The renderer is rebuilt first when it is out of date: minutes on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    await served?.close();
  });

  const row = (file: string) => session.page.locator(`tr[data-file="${file}"]`);
  const lastError = () => session.page.locator('.notice-error').last().textContent();
  const simpleReady = () => session.page.locator('tr', { hasText: 'simple' }).filter({ hasText: 'ready' }).count();

  async function importAs(file: string, purpose: string): Promise<void> {
    const { page } = session;
    await page.locator('[data-testid="import-model-path"]').fill(join(fixtureModelsDir, file));
    await page.locator('[data-testid="import-model-purpose"]').selectOption(purpose);
    await page.locator('[data-testid="import-model"]').click();
  }

  /** Asks a row for `action`; once it is done (or refused, `refused`) the row's form is closed again. */
  async function mend(file: string, action: 'rename' | 'replace' | 'delete', value?: string, refused = false): Promise<void> {
    const form = session.page.locator('[data-testid="model-mending"]');
    await row(file).locator(`[data-testid="model-${action}"]`).click();
    if (value !== undefined) await form.locator('[data-testid="model-mending-input"]').fill(value);
    await form.locator('[data-testid="model-mending-confirm"]').click();
    if (refused) {
      await expect.poll(() => form.locator('[data-testid="model-mending-confirm"]').textContent(), { timeout: 60_000 }).not.toBe('Working…');
      await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    }
    await expect.poll(() => form.count(), { timeout: 60_000 }).toBe(0);
  }

  it('flags a wrong-purpose adapter, replaces, renames and deletes, naming no CLI flag', async () => {
    const { page } = session;
    // No embedding model in this empty models folder: the retrieval test says it ranks by BM25 only.
    await session.waitForDocument('segment-workbench-tour.md');
    await sideTab(page, 'retrieval');
    await expect.poll(() => page.locator('[data-testid="retrieval-dense-note"]').textContent(), { timeout: 60_000 }).toMatch(/^BM25 only: no embedding model is installed/);
    expect(await page.locator('[data-testid="retrieval-mode"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Models', exact: true }).click();
    await expect.poll(() => page.locator('[data-testid="backend"]').count(), { timeout: 60_000 }).toBe(1);

    await importAs('tiny-qwen2.gguf', 'base');
    await expect.poll(() => row(BASE_NAME).count(), { timeout: 60_000 }).toBe(1);
    expect(await row(BASE_NAME).locator('[data-testid="model-purpose-warning"]').count()).toBe(0);

    // The topic fixture offered as the simple adapter: installed (it fits the base), but flagged by its name and metadata.
    await importAs('tiny-lora-topic.gguf', 'simple-adapter');
    await expect.poll(() => row(SIMPLE_ADAPTER_NAME).count(), { timeout: 60_000 }).toBe(1);
    const warnings = row(SIMPLE_ADAPTER_NAME).locator('[data-testid="model-purpose-warning"]');
    await expect.poll(() => warnings.allTextContents(), { timeout: 30_000 }).toEqual([
      expect.stringMatching(/its file name \(tiny-lora-topic\.gguf\) says topic, but it was imported as the simple adapter/),
      expect.stringMatching(/general\.name "tiny-lora-topic"\) says topic/),
    ]);
    await session.screenshot('models-purpose-warning');

    // Importing another file under a taken name is refused, in the screen's words.
    await importAs('tiny-lora-summary.gguf', 'simple-adapter');
    await expect.poll(lastError, { timeout: 60_000 }).toMatch(/is already installed with different contents/);
    expect(await lastError()).not.toMatch(CLI_FLAG);

    // A full model cannot replace an adapter; the installed file stays.
    await mend(SIMPLE_ADAPTER_NAME, 'replace', join(fixtureModelsDir, 'tiny-qwen2.gguf'), true);
    expect(await lastError()).toMatch(/is a full model, but .* is a LoRA adapter/);

    // The right adapter replaces it under the same name; the warning goes and simple is ready.
    await mend(SIMPLE_ADAPTER_NAME, 'replace', join(fixtureModelsDir, 'tiny-lora-simple.gguf'));
    await expect.poll(() => warnings.count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(simpleReady, { timeout: 120_000 }).toBeGreaterThan(0);

    // A name out of the folder is refused before anything moves.
    await mend(BASE_NAME, 'rename', '../outside.gguf', true);
    expect(await lastError()).toMatch(/the new name must be a plain file name inside the models folder/);
    expect(await lastError()).not.toMatch(CLI_FLAG);
    expect(existsSync(join(modelsDir, BASE_NAME))).toBe(true);

    // Renamed, the base is no longer where the profile looks: simple is not ready any more.
    await mend(BASE_NAME, 'rename', 'renamed-base.gguf');
    await expect.poll(() => row('renamed-base.gguf').count(), { timeout: 60_000 }).toBe(1);
    expect(existsSync(join(modelsDir, 'renamed-base.gguf'))).toBe(true);
    expect(existsSync(join(modelsDir, BASE_NAME))).toBe(false);
    await expect.poll(simpleReady, { timeout: 120_000 }).toBe(0);

    await mend('renamed-base.gguf', 'delete');
    await expect.poll(() => row('renamed-base.gguf').count(), { timeout: 60_000 }).toBe(0);
    expect(existsSync(join(modelsDir, 'renamed-base.gguf'))).toBe(false);
    // The fixtures it was imported from are untouched.
    expect(existsSync(tinyModelPath)).toBe(true);
  }, 300_000);
});
