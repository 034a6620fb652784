/**
 * Max chars honoured by the model strategies (issue 25, item 4), on the tiny fixture model: a
 * `simple` run with Max chars 150 returns no segment longer than that, and the Results panel says
 * that over-long model segments were split at structural boundaries. The tiny model generates
 * token by token on the CPU: hence the long timeouts (no timing is asserted).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureModelsDir, mobyDickOpening, tinyModelPath, tinyProfile } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineSegments, type ServedWorkbench, type WorkbenchSession } from './support';

const MODEL_RUN_TIMEOUT_MS = 540_000;
const MAX_CHARS = 150;
const dir = scratchDir('e2e-analyst-models-');

describe('Max chars for the model strategies (tiny fixture model)', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    if (!existsSync(tinyModelPath)) throw new Error(`${tinyModelPath} is missing: run npm run fixtures`);
    const profiles = join(dir, 'profiles');
    mkdirSync(profiles);
    writeFileSync(join(profiles, 'simple.json'), JSON.stringify({ ...tinyProfile('simple'), name: 'simple' }, null, 2));
    writeFileSync(join(dir, 'moby-opening.txt'), mobyDickOpening(1400));
    served = await openServedWorkbench({ args: ['--models-dir', fixtureModelsDir, '--profiles', profiles] });
    session = served.session;
  });

  afterAll(async () => {
    await served?.close();
  });

  it('splits an over-long model segment by the structural rules and says so', async () => {
    const { page } = session;
    const select = page.locator('[data-testid="strategy-select"]');
    await expect.poll(() => select.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)), { timeout: 60_000 }).toContain('simple');
    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, 'moby-opening.txt'));
    await session.waitForDocument('moby-opening.txt');
    await select.selectOption('simple');
    await page.locator('[data-testid="max-chars"]').fill(String(MAX_CHARS));
    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'], MODEL_RUN_TIMEOUT_MS)).toBe('done');
    const lengths = (await outlineSegments(page)).map((s) => s.end - s.start);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(MAX_CHARS);
    await expect.poll(() => page.locator('.warnings').first().textContent()).toMatch(/split at structural boundaries/);
  }, MODEL_RUN_TIMEOUT_MS + 60_000);
});
