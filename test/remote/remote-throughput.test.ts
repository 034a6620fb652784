/**
 * Throughput and failure handling of the remote backend against REAL llama-servers: windows of a
 * document go out concurrently over a server's 2 slots with the same result as one at a time; a
 * workspace batch over two servers survives one of them being killed mid-way (finished documents
 * kept, the rest retried on the other), a batch whose only server dies keeps what it finished and
 * reports the rest; Cancel aborts the requests in flight and the server's slots go idle.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import type { ModelRunMeta } from '../../shared/document/model-run-meta';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import type { ModelRunProgress } from '../../electron/services/inference/plan/progress';
import { runBatch } from '../../electron/services/workspace/batch-run';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import type { StrategyRunHooks, StrategyRunRequest } from '../../electron/services/workbench/deps';
import { fixtureModelsDir, mobyDickOpening, repoRoot, writeTinyProfiles } from '../inference/tiny-profiles';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';
import { scratchDir } from '../support/scratch-dir';

const skip = serverSkipReason();
const profilesDir = writeTinyProfiles();
const scratch = scratchDir('remote-batch-');

function chapter(n: number, chars = 1400): string {
  const t = readFileSync(join(repoRoot, 'node_modules', '@stdlib', 'datasets-moby-dick', 'data', `chapter_${n}.txt`), 'utf-8');
  const cut = t.lastIndexOf('. ', chars);
  return t.slice(0, cut > 0 ? cut + 1 : chars);
}

/** The servers a run used (none for a local run, which these are not). */
function serversOf(result: SegmentationResult<ModelRunMeta>) {
  return result.meta.backend === 'remote' ? result.meta.servers : [];
}

function remoteRun(text: string, endpoints: string[], extra: Record<string, unknown> = {}, hooks: { signal?: AbortSignal; onProgress?: (p: ModelRunProgress) => void } = {}): Promise<SegmentationResult<ModelRunMeta>> {
  return runModelStrategy(
    { text, info: describeDocument('doc.txt', text), strategy: 'topic', options: { profile: 'tiny-topic', backend: 'remote' }, settings: { remote: { endpoints, ...extra } } },
    hooks,
    { profilesDir, modelsDir: fixtureModelsDir },
  );
}

async function slotsBusy(server: RunningServer): Promise<number> {
  const slots = (await (await fetch(`${server.url}/slots`)).json()) as { is_processing: boolean }[];
  return slots.filter((s) => s.is_processing).length;
}

describe.skipIf(skip !== null)(`remote throughput and failures on real llama-servers${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startLlamaServer({ parallel: 2 }), startLlamaServer({ parallel: 2 })]);
  });
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
  });

  it('sends the windows of a document over both slots at once, with the result of one at a time', async () => {
    const text = mobyDickOpening();
    const progress: ModelRunProgress[] = [];
    const parallel = await remoteRun(text, [a.url], {}, { onProgress: (p) => progress.push(p) });
    const serial = await remoteRun(text, [a.url], { concurrency: 1 });
    const [served] = serversOf(parallel);
    expect(served).toMatchObject({ slots: 2, concurrency: 2, peakInFlight: 2 });
    expect(serversOf(serial)[0]!.peakInFlight).toBe(1);
    expect(parallel.segmentation).toEqual(serial.segmentation);
    // One progress stream: windows and tokens only grow, and the last event says all is done.
    const generating = progress.filter((p) => p.stage !== 'loading');
    for (let i = 1; i < generating.length; i++) {
      expect(generating[i]!.windowsDone).toBeGreaterThanOrEqual(generating[i - 1]!.windowsDone);
      expect(generating[i]!.tokensIn).toBeGreaterThanOrEqual(generating[i - 1]!.tokensIn);
    }
    expect(generating.at(-1)).toMatchObject({ stage: 'done', windowsDone: parallel.meta.window.count, etaSeconds: 0 });
  });

  it('cancel aborts the requests in flight; the server goes idle and the next run works', async () => {
    const text = mobyDickOpening(6000);
    const controller = new AbortController();
    const run = remoteRun(text, [a.url], {}, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === 'generating' && !controller.signal.aborted) setTimeout(() => controller.abort(), 50);
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    // llama-server drops a task whose connection closed: both slots end up idle.
    for (let i = 0; i < 300 && (await slotsBusy(a)) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await slotsBusy(a)).toBe(0);
    assertValidSegmentation(chapter(2), (await remoteRun(chapter(2), [a.url])).segmentation);
  });

  it('a batch over two servers keeps going when one is killed mid-way: every document finishes', async () => {
    const dir = join(scratch, 'two');
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: '', sourceFormat: 'txt' }) });
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) ids.push((await ws.addDocument({ name: `chapter-${n}.txt`, text: chapter(n), sourceFormat: 'txt' })).id);
    const results: SegmentationResult[] = [];
    let killed: Promise<void> | null = null;
    const runStrategy = async (request: StrategyRunRequest, hooks: StrategyRunHooks) => {
      const result = await runModelStrategy({ ...request, options: { ...request.options, backend: 'remote' }, settings: { remote: { endpoints: [a.url, b.url] } } }, hooks, { profilesDir, modelsDir: fixtureModelsDir });
      results.push(result);
      // The first finished document is the moment server a dies (as a machine does: SIGKILL).
      killed ??= a.kill();
      return result;
    };
    const outcomes = await runBatch(ws, { ids, strategy: 'topic', options: { profile: 'tiny-topic' }, runStrategy, signal: new AbortController().signal, onProgress: () => undefined, parallel: 3 });
    await killed;
    expect(outcomes.map((o) => o.ok)).toEqual(ids.map(() => true));
    for (const id of ids) expect((await ws.loadDocument(id)).runs).toHaveLength(1);
    const warnings = results.flatMap((r) => r.warnings.filter((w) => w.code === 'endpoint-left').map((w) => w.message));
    expect(warnings.some((m) => m.includes(a.url) && /left the rotation/.test(m))).toBe(true);
    await ws.close();
  });

  it('a batch whose only server dies keeps every finished document and reports the rest', async () => {
    const dir = join(scratch, 'one');
    rmSync(dir, { recursive: true, force: true });
    const ws = await WorkspaceService.open(dir, { readSource: async () => ({ text: '', sourceFormat: 'txt' }) });
    const ids: string[] = [];
    for (let n = 1; n <= 4; n++) ids.push((await ws.addDocument({ name: `chapter-${n}.txt`, text: chapter(n), sourceFormat: 'txt' })).id);
    let finished = 0;
    const runStrategy = async (request: StrategyRunRequest, hooks: StrategyRunHooks) => {
      const result = await runModelStrategy({ ...request, options: { ...request.options, backend: 'remote' }, settings: { remote: { endpoints: [b.url] } } }, hooks, { profilesDir, modelsDir: fixtureModelsDir });
      if (++finished === 2) await b.kill();
      return result;
    };
    const outcomes = await runBatch(ws, { ids, strategy: 'topic', options: { profile: 'tiny-topic' }, runStrategy, signal: new AbortController().signal, onProgress: () => undefined, parallel: 1 });
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, false]);
    for (const o of outcomes.slice(2)) expect(o.error).toMatch(new RegExp(`${b.url.replace(/[.:/]/g, '\\$&')}.*(start it|start the servers)`));
    expect((await ws.loadDocument(ids[0]!)).runs).toHaveLength(1);
    expect((await ws.loadDocument(ids[1]!)).runs).toHaveLength(1);
    expect((await ws.loadDocument(ids[2]!)).runs).toHaveLength(0);
    await ws.close();
  });
});
