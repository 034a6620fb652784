/**
 * The Models screen's self-test in the browser, through the web host, on the tiny fixture model: one
 * ready profile (`simple`), "Run self-test" fills the table with a row per prompt layout variant and
 * marks the best. The figures mean nothing on random weights; the test is about the mechanism, so
 * the profile's windows hold a whole probe document and the answers are short (a run of seconds to
 * minutes on a busy machine, hence the long timeout; no timing is asserted).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_FORMATS } from '../../shared/profiles/schema';
import { fixtureModelsDir, tinyModelPath, tinyProfile } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, type ServedWorkbench } from './support';

const SELFTEST_TIMEOUT_MS = 480_000;
const dir = scratchDir('workbench-e2e-selftest-');

describe('Models screen self-test (tiny fixture model)', () => {
  let served: ServedWorkbench | undefined;

  beforeAll(async () => {
    if (!existsSync(tinyModelPath)) throw new Error(`${tinyModelPath} is missing: run npm run fixtures`);
    const profiles = join(dir, 'profiles');
    mkdirSync(profiles);
    const simple = tinyProfile('simple', { name: 'simple', window: { tokens: 1024, overlapTokens: 32 } });
    simple.decoding = { ...simple.decoding, maxNewTokens: 24 };
    writeFileSync(join(profiles, 'simple.json'), JSON.stringify(simple, null, 2));
    served = await openServedWorkbench({ args: ['--models-dir', fixtureModelsDir, '--profiles', profiles] });
  });

  afterAll(async () => {
    await served?.close();
  });

  it('runs the self-test from its button and shows a row for every layout variant, the best marked', async () => {
    const { page } = served!.session;
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    const button = page.locator('[data-testid="run-selftest"]');
    await button.click();
    const table = page.locator('[data-testid="selftest-table"]');
    await table.waitFor({ timeout: SELFTEST_TIMEOUT_MS });
    const variants = await table.locator('tbody tr td:first-child').evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));
    expect(variants.map((v) => v.replace(/ best$/, ''))).toEqual(PROMPT_FORMATS.map((f) => `simple@${f}`));
    expect(variants.filter((v) => v.endsWith(' best'))).toHaveLength(1);
    // Every figure column is filled: parse, placed, joins, repeat as percentages, tok/s and the score.
    const firstRow = await table.locator('tbody tr').first().locator('td').allTextContents();
    expect(firstRow).toHaveLength(7);
    expect(firstRow[6]).toMatch(/^\d\.\d{3}$/);
    expect(await page.locator('.models-screen').textContent()).toContain('Score = 0.5');
    expect(await button.isEnabled()).toBe(true);
    await served!.session.screenshot('models-selftest');
  }, SELFTEST_TIMEOUT_MS + 60_000);
});
