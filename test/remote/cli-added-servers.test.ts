/**
 * The installed command runs on the servers the app runs on: without `--endpoint`, `segment
 * --backend remote` goes to the servers added from the Models screen (the models folder's
 * inference-servers.json), each with its own key, as the app does; with none anywhere it exits 2
 * naming the three ways to give one; `models doctor` checks them. Against a real llama-server that
 * requires that key.
 */
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS_FILE } from '../../electron/services/inference/completers/remote/endpoint-store';
import { expectUserError, runCli } from '../cli/support/run-cli';
import { fixtureModelsDir, mobyDickOpening, writeTinyProfiles } from '../inference/tiny-profiles';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';
import { scratchDir } from '../support/scratch-dir';

const skip = serverSkipReason();
const scratch = scratchDir('cli-added-servers-');
const KEY = 'sk-added-0123456789';

/** A models folder of its own (the fixture files linked in), so no other test sees its servers file. */
function modelsFolder(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir);
  readdirSync(fixtureModelsDir).forEach((f) => f.endsWith('.gguf') && symlinkSync(join(fixtureModelsDir, f), join(dir, f)));
  return dir;
}

describe('segment --backend remote without --endpoint', () => {
  const doc = join(scratch, 'doc.txt');
  const env = (models: string) => ({ WORKBENCH_PROFILES_DIR: writeTinyProfiles(), WORKBENCH_MODELS_DIR: models, WORKBENCH_ENDPOINTS: '', WORKBENCH_API_KEY: '' });
  beforeAll(() => writeFileSync(doc, mobyDickOpening(1200)));

  it('with no server anywhere exits 2, naming the flag, the variable and the Models screen', async () => {
    const models = join(scratch, 'none');
    mkdirSync(models);
    const run = await runCli(['segment', doc, '--strategy', 'simple', '--profile', 'tiny-simple', '--backend', 'remote'], undefined, env(models));
    expectUserError(run, /--endpoint URL \(repeatable\), WORKBENCH_ENDPOINTS, or a server added on the app's Models screen/);
  });

  describe.skipIf(skip !== null)(`on a real llama-server${skip ? ` (skipped: ${skip})` : ''}`, () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startLlamaServer({ parallel: 2, apiKey: KEY });
    });
    afterAll(async () => {
      await server?.kill();
    });

    it('runs on the server added from the Models screen, with its own key', async () => {
      const folder = modelsFolder('added');
      writeFileSync(join(folder, ENDPOINTS_FILE), JSON.stringify({ version: 1, endpoints: [{ url: server.url, apiKey: KEY }] }), { mode: 0o600 });
      const run = await runCli(['segment', doc, '--strategy', 'simple', '--profile', 'tiny-simple', '--backend', 'remote'], undefined, env(folder));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout) as { segments: { text: string }[]; meta: { backend?: string } };
      expect(out.meta.backend).toBe('remote');
      expect(out.segments.map((s) => s.text).join('')).toBe(mobyDickOpening(1200));
      expect(run.stdout).not.toContain(KEY);
    }, 300_000);

    it('models doctor checks the added server with its key', async () => {
      const run = await runCli(['models', 'doctor', '--json'], undefined, env(join(scratch, 'added')));
      const report = JSON.parse(run.stdout) as { endpoints: { endpoint: string; ok: boolean; vocabulary?: string }[] };
      expect(report.endpoints).toEqual([expect.objectContaining({ endpoint: server.url, ok: true, vocabulary: 'same' })]);
      expect(run.stdout).not.toContain(KEY);
    }, 120_000);
  });
});
