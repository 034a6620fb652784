/**
 * The inference-server pieces of the UI, through the web host (`cli serve` started with
 * WORKBENCH_ENDPOINTS, as a user starts it) against REAL llama-servers (tiny fixture model, the
 * three fixture adapters, 2 slots): the Models screen's "Inference servers" section shows each
 * server's health, kind, model, slots and adapters, and a server that went away as an error naming
 * the fix; the Run panel offers "Runs on" for a model strategy, lists the endpoints under it, and a
 * run on the servers finishes with its segments. Long timeouts: a loaded 2-core machine, no timing
 * is asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureModelsDir, mobyDickOpening, tinyProfile } from '../inference/tiny-profiles';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, outlineSegments, type ServedWorkbench, type WorkbenchSession } from './support';

const skip = serverSkipReason();
const dir = scratchDir('remote-ui-');
const ADAPTERS = 'adapters: tiny-lora-simple.gguf, tiny-lora-topic.gguf, tiny-lora-summary.gguf';

describe.skipIf(skip !== null)(`inference servers in the UI${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let a: RunningServer;
  let b: RunningServer;
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    const profiles = join(dir, 'profiles');
    mkdirSync(profiles);
    for (const strategy of ['simple', 'topic'] as const) writeFileSync(join(profiles, `${strategy}.json`), JSON.stringify({ ...tinyProfile(strategy), name: strategy }));
    writeFileSync(join(dir, 'moby-opening.txt'), mobyDickOpening(1400));
    [a, b] = await Promise.all([startLlamaServer({ parallel: 2 }), startLlamaServer({ parallel: 2 })]);
    served = await openServedWorkbench({
      args: ['--models-dir', fixtureModelsDir, '--profiles', profiles],
      env: { WORKBENCH_ENDPOINTS: `${a.url},${b.url}` },
    });
    session = served.session;
  }, 300_000);

  afterAll(async () => {
    await served?.close();
    await Promise.all([a?.kill(), b?.kill()]);
  });

  /** The endpoint list's row for a server. */
  function row(url: string) {
    return session.page.locator('[data-testid="endpoint-list"] li', { hasText: url });
  }

  it('the Run panel offers "Runs on" for a model strategy, lists the servers, and runs on them', async () => {
    const { page } = session;
    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, 'moby-opening.txt'));
    await session.waitForDocument('moby-opening.txt');
    const backend = page.locator('[data-testid="backend-select"]');
    // A rule strategy runs here only: no choice shown.
    expect(await backend.count()).toBe(0);
    await page.locator('[data-testid="strategy-select"]').selectOption('topic');
    await expect.poll(() => backend.locator('option').allTextContents(), { timeout: 60_000 }).toEqual(['this machine', 'inference servers (2)']);
    await backend.selectOption('remote');
    for (const server of [a, b]) {
      await expect.poll(() => row(server.url).textContent()).toMatch(new RegExp(`ok llama-server · tiny-qwen2\\.gguf · 2 slots · ${ADAPTERS}`));
    }
    await session.screenshot('remote-run-panel');

    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'], 540_000)).toBe('done');
    expect((await outlineSegments(page)).length).toBeGreaterThan(0);
    // The windows went to the servers: slots that ran a task say which (idle, untouched slots do not).
    const slotsUsed = async (server: RunningServer) => ((await (await fetch(`${server.url}/slots`)).json()) as { id_task?: number }[]).filter((s) => s.id_task !== undefined).length;
    expect((await slotsUsed(a)) + (await slotsUsed(b))).toBeGreaterThan(0);
  }, 600_000);

  it('the Models screen shows each server\'s health, model, slots and adapters, and one that went away', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    const section = page.locator('[data-testid="inference-servers"]');
    await expect.poll(() => section.locator('[data-testid="endpoint-list"] li').count(), { timeout: 60_000 }).toBe(2);
    for (const server of [a, b]) expect(await section.locator('li', { hasText: server.url }).textContent()).toContain(`llama-server · tiny-qwen2.gguf · 2 slots · ${ADAPTERS}`);

    await b.kill();
    await section.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => section.locator('li', { hasText: b.url }).textContent(), { timeout: 60_000 }).toMatch(/cannot reach the inference server at .*; start it, or fix its URL/);
    expect(await section.locator('li', { hasText: a.url }).textContent()).toContain('ok llama-server');
    await session.screenshot('remote-models-screen');
  }, 180_000);
});
