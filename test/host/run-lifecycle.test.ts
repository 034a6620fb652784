/**
 * Cancellation and failure isolation of the run manager. The strategy runner is replaced by one
 * that stands still until told (or cancelled), so the states in between can be observed; the
 * real runner is exercised in service.test.ts.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import { createWorkbenchService } from '../../electron/services/workbench';
import type { StrategyRunHooks, StrategyRunRequest } from '../../electron/services/workbench/deps';
import { recordEvents } from './service-helpers';

interface HeldRun {
  request: StrategyRunRequest;
  hooks: StrategyRunHooks;
  finish(result: SegmentationResult): void;
  fail(error: Error): void;
}

const held: HeldRun[] = [];
const service = createWorkbenchService({
  resourcesDir: path.resolve('resources'),
  deps: {
    runStrategy: (request, hooks) =>
      new Promise<SegmentationResult>((resolve, reject) => {
        hooks.signal.addEventListener('abort', () => reject(new Error('aborted')));
        held.push({ request, hooks, finish: resolve, fail: reject });
      }),
  },
});
const recorder = recordEvents(service);
afterAll(() => service.dispose());

const text = 'First part. It has two sentences.\n\nSecond part here.\n';
const dataBase64 = Buffer.from(text).toString('base64');

function resultFor(info: SegmentationResult['document'], cuts: number[]): SegmentationResult {
  return { document: info, strategy: 'structural', segmentation: segmentationFromCuts(text, cuts), warnings: [], meta: {} };
}

async function heldRun(index: number): Promise<HeldRun> {
  while (!held[index]) await new Promise((resolve) => setImmediate(resolve));
  return held[index] as HeldRun;
}

describe('run lifecycle', () => {
  it('answers startRun before the run does anything, streams progress, and cancels through the signal', async () => {
    const doc = await service.request('openDocument', { name: 'two.txt', dataBase64 });
    const { runId } = await service.request('startRun', { documentId: doc.id, strategy: 'structural', options: {} });
    expect(held.length).toBe(0);
    expect((await service.request('listRuns', { documentId: doc.id }))[0]).toMatchObject({ id: runId, status: 'running' });

    const run = await heldRun(0);
    run.hooks.onProgress({ stage: 'windows', windowsDone: 1, windowsTotal: 3, tokensIn: 10, tokensOut: 2, tokensPerSecond: 5, etaSeconds: 4 });
    expect(recorder.events).toContainEqual({
      type: 'job',
      job: expect.objectContaining({
        id: runId,
        kind: 'run',
        status: 'running',
        stage: 'windows',
        progress: { windowsDone: 1, windowsTotal: 3, tokensIn: 10, tokensOut: 2, tokensPerSecond: 5, etaSeconds: 4 },
      }),
    });

    expect(await service.request('cancelJob', { id: runId })).toEqual({ cancelled: true });
    expect(run.hooks.signal.aborted).toBe(true);
    expect(await recorder.runEnd(runId)).toMatchObject({ status: 'cancelled', id: runId, documentId: doc.id, result: null, error: null });
    expect(await service.request('cancelJob', { id: runId })).toEqual({ cancelled: false });
    expect((await service.request('listRuns', { documentId: doc.id }))[0]).toMatchObject({ status: 'cancelled', result: null });
  });

  it('keeps a finished result when a later run on the same document fails or is cancelled', async () => {
    // Another name than the other tests' 'two.txt', so the runs listed are only this test's.
    const doc = await service.request('openDocument', { name: 'two-later-runs.txt', dataBase64 });
    const a = await service.request('startRun', { documentId: doc.id, strategy: 'structural', options: {} });
    const b = await service.request('startRun', { documentId: doc.id, strategy: 'texttiling', options: {} });
    const c = await service.request('startRun', { documentId: doc.id, strategy: 'sentence-rules', options: {} });
    const [runA, runB] = [await heldRun(1), await heldRun(2)];
    await heldRun(3);

    const good = resultFor(doc.info, [35]);
    runA.finish(good);
    expect(await recorder.runEnd(a.runId)).toMatchObject({ status: 'finished', result: good });
    runB.fail(new Error('the model ran out of memory\nwith a stack below'));
    expect(await recorder.runEnd(b.runId)).toMatchObject({ status: 'failed', id: b.runId, documentId: doc.id, result: null, error: 'the model ran out of memory' });
    await service.request('cancelJob', { id: c.runId });
    await recorder.runEnd(c.runId);

    const runs = await service.request('listRuns', { documentId: doc.id });
    expect(runs.map((r) => r.status)).toEqual(['finished', 'failed', 'cancelled']);
    // The service records which reader read the document beside what the run gave.
    expect(runs[0]?.result).toEqual({ ...good, meta: { ...good.meta, reader: expect.objectContaining({ reader: 'txt', output: 'plain' }) } });
  });

  it('fails a run whose strategy returns a segmentation that does not cover the text', async () => {
    const doc = await service.request('openDocument', { name: 'two.txt', dataBase64 });
    const { runId } = await service.request('startRun', { documentId: doc.id, strategy: 'structural', options: {} });
    const run = await heldRun(4);
    run.finish({ ...resultFor(doc.info, []), segmentation: { boundaries: [5, 3], notes: [{}, {}, {}] } });
    expect(await recorder.runEnd(runId)).toMatchObject({ status: 'failed', error: 'boundary 3 is not after 5' });
  });

  it('lists the jobs it holds, as their last events carried them, for a page that reloads', async () => {
    const doc = await service.request('openDocument', { name: 'two-listed.txt', dataBase64 });
    const { runId } = await service.request('startRun', { documentId: doc.id, strategy: 'structural', options: {} });
    const run = await heldRun(5);
    run.hooks.onProgress({ stage: 'windows', windowsDone: 2, windowsTotal: 3, tokensIn: 1, tokensOut: 1, tokensPerSecond: 1, etaSeconds: 1 });
    const running = await service.request('listJobs', { status: 'running' });
    expect(running).toEqual([expect.objectContaining({ id: runId, kind: 'run', status: 'running', stage: 'windows', progress: expect.objectContaining({ windowsDone: 2 }) })]);
    // The same snapshot the last event pushed, not a copy of another shape.
    const lastEvent = recorder.events.filter((e) => e.type === 'job' && e.job.id === runId).at(-1);
    expect(lastEvent).toEqual({ type: 'job', job: running[0] });

    run.finish(resultFor(doc.info, [35]));
    await recorder.runEnd(runId);
    expect(await service.request('listJobs', { status: 'running' })).toEqual([]);
    const all = await service.request('listJobs', {});
    // The earlier tests' jobs too, ended a moment ago: oldest first, this one last.
    expect(all.at(-1)).toMatchObject({ id: runId, status: 'finished' });
    expect(all.map((job) => job.startedAt)).toEqual(all.map((job) => job.startedAt).sort());
  });

  it('cancels running work on dispose and then refuses calls', async () => {
    const doc = await service.request('openDocument', { name: 'two.txt', dataBase64 });
    const { runId } = await service.request('startRun', { documentId: doc.id, strategy: 'structural', options: {} });
    const run = await heldRun(6);
    const ended = recorder.runEnd(runId);
    await service.dispose();
    expect(run.hooks.signal.aborted).toBe(true);
    expect(await ended).toMatchObject({ status: 'cancelled' });
    await expect(service.call('listDocuments', {}, { transport: 'local' })).rejects.toMatchObject({ code: 'unavailable' });
  });
});
