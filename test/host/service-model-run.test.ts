/**
 * A model strategy through the service, on the tiny fixture model (`npm run fixtures`): progress
 * events stream, a cancel mid-run ends in run-cancelled, and the earlier result stays. Real
 * node-llama-cpp, no mock. (Whole model runs to the end are the inference tests' business.)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import type { RunJob, WorkbenchEvent } from '../../shared/ipc/contract';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { fixtureModelsDir, mobyDickOpening, tinyModelPath, writeTinyProfiles } from '../inference/tiny-profiles';
import { recordEvents, runStateOf } from './service-helpers';

let service: WorkbenchService;
let recorder: ReturnType<typeof recordEvents>;

beforeAll(() => {
  if (!existsSync(tinyModelPath)) throw new Error(`${tinyModelPath} is missing: run \`npm run fixtures\` first`);
  // How the hosts hand their folders to model strategies (see electron/cli/commands/serve.ts).
  process.env.WORKBENCH_PROFILES_DIR = writeTinyProfiles();
  process.env.WORKBENCH_MODELS_DIR = fixtureModelsDir;
  service = createWorkbenchService({ resourcesDir: path.resolve('resources'), modelsDir: fixtureModelsDir, profilesDir: process.env.WORKBENCH_PROFILES_DIR });
  recorder = recordEvents(service);
});
afterAll(() => service?.dispose());

describe('a model run through the service', () => {
  it('streams progress, cancels mid-run, and keeps the earlier result', { timeout: 600_000 }, async () => {
    const text = mobyDickOpening(2400);
    const doc = await service.request('openDocument', { name: 'moby.txt', dataBase64: Buffer.from(text).toString('base64') });
    const first = await service.request('startRun', { documentId: doc.id, strategy: 'structural', options: {} });
    const firstEnd = await recorder.runEnd(first.runId);
    expect(firstEnd.status).toBe('finished');

    const model = await service.request('startRun', { documentId: doc.id, strategy: 'simple', options: { profile: 'tiny-simple' } });
    // Cancel once the model is working through its windows, not while it is still loading.
    const { job: run } = await recorder.waitFor(
      (e): e is Extract<WorkbenchEvent, { type: 'job' }> => (runStateOf(e, model.runId)?.progress?.windowsTotal ?? 0) > 1,
    );
    const progress = (run as RunJob).progress!;
    expect(progress.windowsDone).toBeLessThan(progress.windowsTotal);
    expect(await service.request('cancelJob', { id: model.runId })).toEqual({ cancelled: true });
    expect(await recorder.runEnd(model.runId)).toMatchObject({ status: 'cancelled', id: model.runId, documentId: doc.id, result: null });

    const runs = await service.request('listRuns', { documentId: doc.id });
    expect(runs.map((r) => r.status)).toEqual(['finished', 'cancelled']);
    expect(runs[0]?.result).toEqual(firstEnd.result);
    assertValidSegmentation(text, runs[0]!.result!.segmentation);
  });
});
