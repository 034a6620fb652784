/**
 * A run's snapshots and result go to the connection that started it, not to every page (issue
 * 36: one page's results reached every WebSocket client). Through the real web host and the
 * renderer's socket client, three pages as three tabs; the strategy runner and the model pull are
 * stand-ins that wait until told, so what each page received while the job ran can be read.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import { WORKBENCH_PAGE_PARAM, WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import type { StrategyRunHooks, WorkbenchDeps } from '../../electron/services/workbench/deps';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { scratchDir } from '../support/scratch-dir';

const text = 'First part. It has two sentences.\n\nSecond part here.\n';
const dataBase64 = Buffer.from(text).toString('base64');

/** The runs and pulls under way, each released by the test. */
const runs: { hooks: StrategyRunHooks; finish: () => void }[] = [];
const pulls: { onProgress: (p: { file: string; downloadedBytes: number; totalBytes: number }) => void; signal: AbortSignal }[] = [];

let service: WorkbenchService;
let host: WebHost;
const pages: SocketWorkbench[] = [];

beforeAll(async () => {
  const dir = scratchDir('job-routing-');
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({
    resourcesDir: path.resolve('resources'),
    deps: {
      runStrategy: (request, hooks) =>
        new Promise<SegmentationResult>((resolve, reject) => {
          hooks.signal.addEventListener('abort', () => reject(new Error('aborted')));
          const result = { document: request.info, strategy: request.strategy, segmentation: segmentationFromCuts(text, [35]), warnings: [], meta: {} };
          runs.push({ hooks, finish: () => resolve(result) });
        }),
      // Only `pull` is reached by these tests.
      models: {
        pull: (_profile: string, options: (typeof pulls)[number]) =>
          new Promise<string[]>((_resolve, reject) => {
            options.signal.addEventListener('abort', () => reject(new Error('aborted')));
            pulls.push(options);
          }),
      } as unknown as WorkbenchDeps['models'],
    },
  });
  host = await startWebHost({ service, rendererDir: dir, port: 0 });
});

afterAll(async () => {
  for (const page of pages.splice(0)) page.close();
  await host?.close();
  await service?.dispose();
});

/** A page: its socket client and every event it received. */
function page(pageId?: string): { client: SocketWorkbench; events: WorkbenchEvent[]; jobEvents: (id: string) => WorkbenchEvent[] } {
  const url = `ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}?token=${host.token}${pageId ? `&${WORKBENCH_PAGE_PARAM}=${pageId}` : ''}`;
  const client = createSocketWorkbench(url, { createSocket: (u) => new WebSocket(u) as unknown as SocketLike });
  pages.push(client);
  const events: WorkbenchEvent[] = [];
  client.onEvent((event) => events.push(event));
  return { client, events, jobEvents: (id) => events.filter((e) => e.type === 'job' && e.job.id === id) };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

/** A round trip on each page: every event sent before it has arrived. */
const settle = (...clients: SocketWorkbench[]) => Promise.all(clients.map((c) => c.getHostInfo({})));

describe('job events by connection', () => {
  it("a run's progress and result reach the page that started it, none of them another page", { timeout: 60_000 }, async () => {
    const [a, b] = [page(), page()];
    const doc = await a.client.openDocument({ name: 'two.txt', dataBase64 });
    const { runId } = await a.client.startRun({ documentId: doc.id, strategy: 'structural', options: {} });
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.hooks.onProgress({ stage: 'windows', windowsDone: 1, windowsTotal: 2, tokensIn: 1, tokensOut: 1, tokensPerSecond: 1, etaSeconds: 1 });
    run.finish();
    await until(() => a.jobEvents(runId).some((e) => e.type === 'job' && e.job.status === 'finished'));
    await settle(a.client, b.client);
    const seenByA = a.jobEvents(runId).map((e) => (e.type === 'job' ? e.job.stage : ''));
    expect(seenByA[0]).toBe('starting');
    expect(seenByA).toContain('windows');
    expect(a.jobEvents(runId).at(-1)).toMatchObject({ job: { status: 'finished', result: { segmentation: { boundaries: [35] } } } });
    // The other page: not one snapshot of the run, though it did get the broadcast document event.
    expect(b.jobEvents(runId)).toEqual([]);
    expect(b.events.some((e) => e.type === 'document-opened' && e.document.id === doc.id)).toBe(true);
    // It can still list the jobs (a reload catches up) and read the run's record.
    expect((await b.client.listJobs({})).map((j) => j.id)).toContain(runId);
  });

  it('a page that lists a running run (a reload: a new connection) gets its later snapshots; one that did not, none', { timeout: 60_000 }, async () => {
    const [starter, other] = [page(), page()];
    const doc = await starter.client.openDocument({ name: 'two.txt', dataBase64 });
    const { runId } = await starter.client.startRun({ documentId: doc.id, strategy: 'structural', options: {} });
    await until(() => runs.length === 2);
    starter.client.close();
    const reloaded = page();
    expect((await reloaded.client.listJobs({ status: 'running' })).map((j) => j.id)).toEqual([runId]);
    runs[1]!.finish();
    await until(() => reloaded.jobEvents(runId).some((e) => e.type === 'job' && e.job.status === 'finished'));
    await settle(other.client);
    expect(other.jobEvents(runId)).toEqual([]);
  });

  it("a page's connection made again (same page id, no listJobs) still gets the run it started; a made-up id is a connection of its own", { timeout: 60_000 }, async () => {
    const id = 'ab'.repeat(16);
    const first = page(id);
    const doc = await first.client.openDocument({ name: 'two.txt', dataBase64 });
    const { runId } = await first.client.startRun({ documentId: doc.id, strategy: 'structural', options: {} });
    await until(() => runs.length === 3);
    first.client.close();
    const [again, malformed] = [page(id), page('not-a-page-id')];
    await settle(again.client, malformed.client);
    runs[2]!.finish();
    await until(() => again.jobEvents(runId).some((e) => e.type === 'job' && e.job.status === 'finished'));
    await settle(malformed.client);
    expect(malformed.jobEvents(runId)).toEqual([]);
  });

  it('a pull goes to every page: a reloaded page follows it and cancels it', { timeout: 60_000 }, async () => {
    const [starter, other] = [page(), page()];
    const { pullId } = await starter.client.pullModel({ profile: 'tiny' });
    await until(() => pulls.length === 1);
    pulls[0]!.onProgress({ file: 'base.gguf', downloadedBytes: 5, totalBytes: 10 });
    await until(() => other.jobEvents(pullId).some((e) => e.type === 'job' && e.job.stage === 'downloading'));
    starter.client.close();
    const reloaded = page();
    expect(await reloaded.client.listJobs({ status: 'running' })).toEqual([expect.objectContaining({ id: pullId, kind: 'pull', progress: expect.objectContaining({ downloadedBytes: 5 }) })]);
    expect(await reloaded.client.cancelJob({ id: pullId })).toEqual({ cancelled: true });
    await until(() => reloaded.jobEvents(pullId).some((e) => e.type === 'job' && e.job.status === 'cancelled'));
    await until(() => other.jobEvents(pullId).some((e) => e.type === 'job' && e.job.status === 'cancelled'));
  });
});
