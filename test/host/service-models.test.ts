/** The models screen's methods through the service, on the tiny fixture model (`npm run fixtures`). */
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { tinyModelPath, writeTinyProfiles } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';
import { recordEvents } from './service-helpers';

const modelsDir = scratchDir('service-models-');
let service: WorkbenchService;
let recorder: ReturnType<typeof recordEvents>;

beforeAll(async () => {
  if (!existsSync(tinyModelPath)) throw new Error(`${tinyModelPath} is missing: run \`npm run fixtures\` first`);
  service = createWorkbenchService({ resourcesDir: path.resolve('resources'), modelsDir, profilesDir: writeTinyProfiles() });
  recorder = recordEvents(service);
});
afterAll(async () => {
  await service?.dispose();
});

describe('models through the service', () => {
  it('imports a GGUF model and lists it with its metadata', async () => {
    const imported = await service.request('importModel', { path: tinyModelPath });
    expect(imported).toMatchObject({ file: 'tiny-qwen2.gguf', kind: 'model', architecture: 'qwen2', metadata: { alreadyInstalled: false } });
    const listed = await service.request('listModels', {});
    expect(listed).toEqual([
      expect.objectContaining({ file: 'tiny-qwen2.gguf', kind: 'model', architecture: 'qwen2', sizeBytes: imported.sizeBytes }),
    ]);
  });

  it('refuses to import a file that is not GGUF, with the model manager’s code', async () => {
    const notGguf = path.join(modelsDir, '..', `not-a-model-${process.pid}.txt`);
    await writeFile(notGguf, 'hello');
    try {
      await expect(service.request('importModel', { path: notGguf })).rejects.toMatchObject({
        code: 'not-gguf',
        message: expect.not.stringContaining('\n'),
      });
    } finally {
      await rm(notGguf, { force: true });
    }
  });

  it('reports a pull that cannot happen as a failed pull job', async () => {
    const { pullId } = await service.request('pullModel', { profile: 'no-such-profile' });
    const failed = await recorder.jobEnd(pullId);
    expect(failed).toMatchObject({ kind: 'pull', status: 'failed', profile: 'no-such-profile', result: null });
    expect(failed.error).toMatch(/no profile named 'no-such-profile'/);
  });

  it('answers the doctor with the backend, the models folder and each profile’s readiness', async () => {
    const report = await service.request('doctor', {});
    expect(report.modelsDir).toBe(modelsDir);
    expect(typeof report.backend).toBe('string');
    const simple = report.profiles.find((p) => p.name === 'tiny-simple');
    // The base model was imported above, the adapter was not.
    expect(simple).toMatchObject({ ready: false, missing: [expect.stringMatching(/^tiny-lora-simple\.gguf \(missing/)] });
  });
});
