/**
 * The remote backend as the app sees it, against a REAL llama-server: the host's endpoints (given to
 * the service as settings, as the Electron main process and `cli serve` read them from the
 * environment) are listed with their health, model and adapters, and a run with `backend: 'remote'`
 * goes to them.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { recordEvents } from '../host/service-helpers';
import { fixtureModelsDir, mobyDickOpening, writeTinyProfiles } from '../inference/tiny-profiles';
import { freePort, serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';

const skip = serverSkipReason();

describe.skipIf(skip !== null)(`the app's remote backend on a real llama-server${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: RunningServer;
  let service: WorkbenchService;
  let closed: string;
  beforeAll(async () => {
    server = await startLlamaServer({ parallel: 2 });
    closed = `http://127.0.0.1:${await freePort()}`;
    process.env.WORKBENCH_PROFILES_DIR = writeTinyProfiles();
    process.env.WORKBENCH_MODELS_DIR = fixtureModelsDir;
    service = createWorkbenchService({
      resourcesDir: path.resolve('resources'),
      modelsDir: fixtureModelsDir,
      profilesDir: process.env.WORKBENCH_PROFILES_DIR,
      remote: { endpoints: [server.url, closed] },
    });
  });
  afterAll(async () => {
    await service?.dispose();
    await server?.kill();
  });

  it('lists the endpoints with health, kind, model, slots and adapters', async () => {
    const endpoints = await service.request('listEndpoints', {});
    expect(endpoints[0]).toMatchObject({
      endpoint: server.url,
      ok: true,
      kind: 'llama-server',
      slots: 2,
      concurrency: 2,
      adapters: ['tiny-lora-simple.gguf', 'tiny-lora-topic.gguf', 'tiny-lora-summary.gguf'],
      vocabulary: 'same',
    });
    expect(endpoints[0]!.model).toMatch(/tiny-qwen2\.gguf$/);
    expect(endpoints[1]).toMatchObject({ endpoint: closed, ok: false, error: expect.stringContaining(`cannot reach the inference server at ${closed}`) });
  });

  it('runs a model strategy on the servers when the run asks for backend remote', async () => {
    const service2 = createWorkbenchService({ resourcesDir: path.resolve('resources'), modelsDir: fixtureModelsDir, profilesDir: process.env.WORKBENCH_PROFILES_DIR, remote: { endpoints: [server.url] } });
    try {
      const recorder = recordEvents(service2);
      const text = mobyDickOpening(2000);
      const doc = await service2.request('openDocument', { name: 'moby.txt', dataBase64: Buffer.from(text).toString('base64') });
      const { runId } = await service2.request('startRun', { documentId: doc.id, strategy: 'topic', options: { profile: 'tiny-topic', backend: 'remote' } });
      const end = await recorder.runEnd(runId);
      expect(end.status).toBe('finished');
      const result = end.result as SegmentationResult;
      assertValidSegmentation(text, result.segmentation);
      expect(result.meta).toMatchObject({ backend: 'remote', servers: [expect.objectContaining({ endpoint: server.url, kind: 'llama-server' })] });
    } finally {
      await service2.dispose();
    }
  });
});
