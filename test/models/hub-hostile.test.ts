/**
 * A hub that misbehaves (issue 23): one that redirects to another host must not hand that host the
 * token; one that cuts every connection must not keep a pull retrying in silence; one that claims
 * 50 GB must be refused before a byte is written; files that are not what their names say are the
 * person's problem (exit 2) naming the file; a pull can be cancelled through the contract.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import { createWorkbenchService } from '../../electron/services/workbench';
import { downloadModelFile, pullProfile, type PullProgress } from '../../electron/services/models/pull';
import { expectUserError, runCli } from '../cli/support/run-cli';
import { scratchDir } from '../support/scratch-dir';
import { jobOf, recordEvents } from '../host/service-helpers';
import { LoopbackHub } from './loopback-hub';
import { TINY_MODEL, TINY_PEFT, requireFixtures } from './paths';

const root = scratchDir('hub-hostile-');
/** Tests that spawn the command line, on a machine that may be shared: no timing is asserted. */
const CLI_TIMEOUT_MS = 180_000;
let hub: LoopbackHub;
let cdn: LoopbackHub;
let endpoint: string;
let dir: string;
let n = 0;

beforeEach(async () => {
  requireFixtures();
  hub = new LoopbackHub();
  cdn = new LoopbackHub();
  endpoint = await hub.start();
  dir = join(root, String(n++));
  await mkdir(dir);
});

afterEach(async () => {
  await Promise.all([hub.stop(), cdn.stop()]);
});

async function writeProfile(name: string, model: object): Promise<string> {
  const profilesDir = join(dir, 'profiles');
  await mkdir(profilesDir, { recursive: true });
  await writeFile(join(profilesDir, `${name}.json`), JSON.stringify({ name, strategy: 'simple', model, prompt: { template: '{{text}}' }, output: {} }));
  return profilesDir;
}

describe('the hub token', () => {
  it("goes to the hub's own origin only: a redirect to another host gets no Authorization on any ranged GET", async () => {
    const body = readFileSync(TINY_MODEL);
    const cdnBase = await cdn.start();
    cdn.addPath('/blobs/tiny-qwen2.gguf', body);
    cdn.behaviour = { cutFirstRangedAfter: 1024 * 1024 }; // a resumed download: more than one ranged GET there
    hub.addRedirect('Qwen/Tiny-GGUF/tiny-qwen2.gguf', `${cdnBase}blobs/tiny-qwen2.gguf`);
    // A gated repository, as the hub serves one: without the token, 401; with it, the redirect.
    hub.behaviour = { gated: true };
    const target = join(dir, 'tiny-qwen2.gguf');

    await downloadModelFile('hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf', target, { hubEndpoint: endpoint, token: 'hf_secret_token_for_the_hub_only', retryDelayMs: 10 });

    // No request to the other origin carried the token (node-llama-cpp's downloader sent it on its ranged GETs).
    expect(cdn.requests.map((r) => r.authorization)).toEqual(cdn.requests.map(() => undefined));
    expect(readFileSync(target).equals(body)).toBe(true);
    const cdnGets = cdn.requests.filter((r) => r.method === 'GET');
    expect(cdnGets.length).toBeGreaterThanOrEqual(2);
    expect(cdnGets.every((r) => r.ranged)).toBe(true);
    // The hub itself was sent the token on each of its GETs (the probe's HEAD carries none).
    const hubGets = hub.requests.filter((r) => r.method === 'GET');
    expect(hubGets.length).toBe(cdnGets.length);
    expect(hubGets.every((r) => r.authorization === 'Bearer hf_secret_token_for_the_hub_only')).toBe(true);
  });
});

describe('a hub that misbehaves', () => {
  it('cutting every connection: models pull reports each retry, then gives up with exit 2 and one error line', async () => {
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
    hub.behaviour = { cutEveryGetAfter: 256 * 1024 };
    const profilesDir = await writeProfile('cut', { base: { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' } });
    const events: PullProgress[] = [];
    const modelsDir = join(dir, 'models');

    await expect(pullProfile('cut', { hubEndpoint: endpoint, profilesDir, modelsDir, retryDelayMs: 10, onProgress: (p) => events.push(p) })).rejects.toMatchObject({
      name: 'ModelError',
      message: expect.stringMatching(/^tiny-qwen2\.gguf: gave up after 5 tries \(last: the connection (ended|broke).*\) with [\d.]+ GB of [\d.]+ GB downloaded; run the pull again to resume$/),
    });
    expect(events.filter((e) => e.retry).map((e) => `${e.retry!.attempt}/${e.retry!.of}`)).toEqual(['2/5', '3/5', '4/5', '5/5']);
    // Each try went on from where the last stopped; the model file is not there, what arrived is.
    const starts = hub.requests.filter((r) => r.method === 'GET').map((r) => r.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).toBe(5);
    expect(existsSync(join(modelsDir, 'tiny-qwen2.gguf'))).toBe(false);
    expect(existsSync(join(modelsDir, 'tiny-qwen2.gguf.download'))).toBe(true);

    // The command line: every retry as a warning line, then one error line and exit 2.
    hub.requests.length = 0;
    const run = await runCli(['models', 'pull', 'cut', '--profiles-dir', profilesDir, '--models-dir', join(dir, 'cli-models')], undefined, { HF_ENDPOINT: endpoint });
    expect(run.code).toBe(2);
    expect(run.stderr.match(/^warning: tiny-qwen2\.gguf: the connection .*; try \d of 5 from .*$/gm)).toHaveLength(4);
    expect(run.stderr.match(/^error: .*$/gm)).toEqual([expect.stringMatching(/^error: tiny-qwen2\.gguf: gave up after 5 tries/)]);
  }, CLI_TIMEOUT_MS);

  it('claiming a 50 GB file: refused before anything is written; a claim past the free disk likewise', async () => {
    hub.addFile('Qwen/Tiny-GGUF/huge.gguf', Buffer.alloc(4096));
    hub.behaviour = { claimTotal: 50e9 };
    const target = join(dir, 'models', 'huge.gguf');
    await expect(downloadModelFile('hf:Qwen/Tiny-GGUF/huge.gguf', target, { hubEndpoint: endpoint })).rejects.toMatchObject({
      name: 'ModelError',
      message: 'huge.gguf: the hub says it is 50 GB, over the limit of 20 GB for one file',
      // The flag is the CLI's to say; every window shows the message alone.
      cliHint: 'models pull --max-file-gb raises it',
    });
    hub.behaviour = { claimTotal: 5e15 };
    await expect(downloadModelFile('hf:Qwen/Tiny-GGUF/huge.gguf', target, { hubEndpoint: endpoint, maxFileBytes: 1e16 })).rejects.toThrow(/^huge\.gguf: needs 5000000 GB more, and the disk holding .* has [\d.]+ GB free$/);
    expect(readdirSync(join(dir, 'models'))).toEqual([]);

    const profilesDir = await writeProfile('huge', { base: { file: 'huge.gguf', uri: 'hf:Qwen/Tiny-GGUF/huge.gguf' } });
    hub.behaviour = { claimTotal: 50e9 };
    expectUserError(await runCli(['models', 'pull', 'huge', '--profiles-dir', profilesDir, '--models-dir', join(dir, 'models')], undefined, { HF_ENDPOINT: endpoint }), /^error: huge\.gguf: the hub says it is 50 GB, over the limit/);
  }, CLI_TIMEOUT_MS);

  it('serving a PEFT config that is not JSON or weights that are not safetensors: exit 2 naming the file, and the file is not kept', async () => {
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
    hub.addFile('jinaai/bad-json/adapter_config.json', Buffer.from('<html>rate limited</html>'));
    hub.addFile('jinaai/bad-json/adapter_model.safetensors', readFileSync(join(TINY_PEFT, 'adapter_model.safetensors')));
    hub.addFile('jinaai/bad-st/adapter_config.json', readFileSync(join(TINY_PEFT, 'adapter_config.json')));
    hub.addFile('jinaai/bad-st/adapter_model.safetensors', Buffer.from('\u0010\u0000\u0000\u0000\u0000\u0000\u0000\u0000<html>nope</html>'));
    const base = { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' };
    await writeProfile('json', { base, adapter: { file: 'a.gguf', source: 'hf:jinaai/bad-json' } });
    const profilesDir = await writeProfile('st', { base, adapter: { file: 'b.gguf', source: 'hf:jinaai/bad-st' } });
    const modelsDir = join(dir, 'models');
    const env = { HF_ENDPOINT: endpoint };
    expectUserError(await runCli(['models', 'pull', 'json', '--profiles-dir', profilesDir, '--models-dir', modelsDir], undefined, env), /^error: adapter_config\.json from jinaai\/bad-json is not JSON/);
    expectUserError(await runCli(['models', 'pull', 'st', '--profiles-dir', profilesDir, '--models-dir', modelsDir], undefined, env), /^error: adapter_model\.safetensors from jinaai\/bad-st is not a safetensors file/);
    expect(existsSync(join(modelsDir, 'peft', 'jinaai--bad-json', 'adapter_config.json'))).toBe(false);
    expect(existsSync(join(modelsDir, 'peft', 'jinaai--bad-st', 'adapter_model.safetensors'))).toBe(false);
  }, CLI_TIMEOUT_MS);
});

describe('cancelling a pull through the contract', () => {
  it('cancelJob stops a running pull, whose job ends cancelled; a second cancel answers false', async () => {
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
    hub.behaviour = { pieceDelayMs: 50 };
    const profilesDir = await writeProfile('slow', { base: { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' } });
    const service = createWorkbenchService({ resourcesDir: join(process.cwd(), 'resources'), modelsDir: join(dir, 'models'), profilesDir, settings: { hubEndpoint: endpoint } });
    const recorder = recordEvents(service);
    try {
      const { pullId } = await service.request('pullModel', { profile: 'slow' });
      await recorder.waitFor((e): e is Extract<WorkbenchEvent, { type: 'job' }> => (jobOf(e, pullId, 'pull')?.progress?.downloadedBytes ?? 0) > 0);
      expect(await service.request('cancelJob', { id: pullId })).toEqual({ cancelled: true });
      expect(await recorder.jobEnd(pullId)).toMatchObject({ kind: 'pull', status: 'cancelled', result: null, error: null });
      expect(await service.request('cancelJob', { id: pullId })).toEqual({ cancelled: false });
      await expect(service.request('cancelJob', { id: 'no-such-job' })).rejects.toMatchObject({ code: 'not-found' });
      expect(existsSync(join(dir, 'models', 'tiny-qwen2.gguf'))).toBe(false);
    } finally {
      await service.dispose();
    }
  });
});
