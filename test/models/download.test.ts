/**
 * Pulling through the workbench's downloader (hub-download.ts) from a loopback server that stands
 * in for the hub via HF_ENDPOINT: progress events, a connection cut mid-file, a cancelled pull.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadModelFile, pullProfile, type PullProgress } from '../../electron/services/models/pull';
import { readGgufSummary } from './gguf-read';
import { hubRepoOf } from '../../electron/model-files/hub-repo';
import { describePeftSummary } from '../../electron/services/models/peft-summary';
import { LoopbackHub } from './loopback-hub';
import { doraMagnitudes, writePeft } from './peft-builder';
import { TINY_LORAS, TINY_MODEL, TINY_PEFT, requireFixtures } from './paths';

let hub: LoopbackHub;
let dir: string;
/** The loopback hub's URL, passed down as a host passes its MODEL_ENDPOINT / HF_ENDPOINT setting. */
let hubEndpoint: string;

beforeEach(async () => {
  requireFixtures();
  hub = new LoopbackHub();
  hubEndpoint = await hub.start();
  dir = await mkdtemp(join(tmpdir(), 'models-pull-'));
});

afterEach(async () => {
  await hub.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The hub serves the tiny base and the PEFT folder `peftDir` as `repo`; profile `seg` names both. */
async function hubWithPeft(repo: string, peftDir: string, adapter: { file: string; source: string }): Promise<{ profilesDir: string; modelsDir: string }> {
  hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
  for (const f of ['adapter_config.json', 'adapter_model.safetensors']) hub.addFile(`${repo}/${f}`, readFileSync(join(peftDir, f)));
  const profilesDir = await writeProfile('seg', { base: { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' }, adapter });
  return { profilesDir, modelsDir: join(dir, 'models') };
}

/** Writes profile `name` (the simple strategy, a plain template) with this model section; returns its folder. */
async function writeProfile(name: string, model: object): Promise<string> {
  const profilesDir = join(dir, 'profiles');
  await mkdir(profilesDir);
  await writeFile(join(profilesDir, `${name}.json`), JSON.stringify({ name, strategy: 'simple', model, prompt: { template: '{{text}}' }, output: {} }));
  return profilesDir;
}

describe('models pull through the hub endpoint setting', () => {
  it('reports progress and resumes from the byte where the connection was cut', async () => {
    const body = readFileSync(TINY_MODEL);
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', body);
    hub.behaviour = { cutFirstRangedAfter: 1024 * 1024 };
    const events: PullProgress[] = [];
    const target = join(dir, 'tiny-qwen2.gguf');

    await downloadModelFile('hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf', target, { hubEndpoint, onProgress: (p) => events.push(p), retryDelayMs: 10 });

    expect(readFileSync(target).equals(body)).toBe(true);
    expect(events.every((e) => e.file === 'tiny-qwen2.gguf' && e.totalBytes === body.length)).toBe(true);
    expect(events.some((e) => e.downloadedBytes > 0 && e.downloadedBytes < body.length)).toBe(true);
    expect(events.at(-1)!.downloadedBytes).toBe(body.length);
    // The retry was announced, with the try it starts.
    expect(events.filter((e) => e.retry).map((e) => e.retry!.attempt)).toEqual([2]);
    // The requests went to the loopback hub, at the hub's URL layout.
    expect(hub.requests.every((r) => r.path === '/Qwen/Tiny-GGUF/resolve/main/tiny-qwen2.gguf')).toBe(true);
    // The second GET asked for the rest, from where the first stopped: nothing was fetched twice.
    const gets = hub.requests.filter((r) => r.ranged && r.method === 'GET');
    expect(gets.map((r) => r.start)[0]).toBe(0);
    expect(gets).toHaveLength(2);
    expect(gets[1]!.start).toBeGreaterThan(0);
    expect(gets[1]!.start).toBeLessThanOrEqual(1024 * 1024);
    expect(hub.bytesServed).toBeLessThanOrEqual(body.length + 1024 * 1024 - gets[1]!.start);
  });

  it('cancels a pull promptly, leaves no model file, and a later pull completes it', async () => {
    const body = readFileSync(TINY_MODEL);
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', body);
    hub.behaviour = { pieceDelayMs: 20 };
    const target = join(dir, 'tiny-qwen2.gguf');
    const controller = new AbortController();
    const first = downloadModelFile('hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf', target, {
      hubEndpoint,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.downloadedBytes > 0) controller.abort();
      },
    });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(existsSync(target)).toBe(false);

    hub.behaviour = {};
    await downloadModelFile('hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf', target, { hubEndpoint });
    expect(readFileSync(target).equals(body)).toBe(true);
  });

  it('pulls a profile (base + adapter), verifies both, and finds them present the next time', async () => {
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
    hub.addFile('jinaai/tiny-lora/tiny-lora-simple.gguf', readFileSync(TINY_LORAS[0]!));
    const profilesDir = await writeProfile('tiny', {
      base: { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' },
      adapter: { file: 'adapters/tiny-lora-simple.gguf', uri: 'hf:jinaai/tiny-lora/tiny-lora-simple.gguf' },
    });
    const modelsDir = join(dir, 'models');
    const files = new Set<string>();
    const pulled = await pullProfile('tiny', { hubEndpoint, profilesDir, modelsDir, onProgress: (p) => files.add(p.file) });
    expect(pulled.map((f) => [f.role, f.status])).toEqual([['base', 'downloaded'], ['adapter', 'downloaded']]);
    expect(files).toEqual(new Set(['tiny-qwen2.gguf', 'tiny-lora-simple.gguf']));
    expect(readFileSync(join(modelsDir, 'adapters', 'tiny-lora-simple.gguf')).equals(readFileSync(TINY_LORAS[0]!))).toBe(true);

    const again = await pullProfile('tiny', { hubEndpoint, profilesDir, modelsDir });
    expect(again.map((f) => f.status)).toEqual(['present', 'present']);
  });

  it('fetches an adapter published as a PEFT repository on the hub and converts it', async () => {
    // The profile names the repository as a person would copy it from the browser.
    const { profilesDir, modelsDir } = await hubWithPeft('jinaai/tiny-seg', TINY_PEFT, { file: 'tiny-seg-lora.gguf', source: 'https://huggingface.co/jinaai/tiny-seg' });
    const pulled = await pullProfile('seg', { hubEndpoint, profilesDir, modelsDir });
    expect(pulled.map((f) => f.status)).toEqual(['downloaded', 'converted']);
    const adapter = await readGgufSummary(join(modelsDir, 'tiny-seg-lora.gguf'));
    expect(adapter.tensors).toHaveLength(28);
    expect(hub.requests.some((r) => r.path === '/jinaai/tiny-seg/resolve/main/adapter_model.safetensors')).toBe(true);
    expect(existsSync(join(modelsDir, 'peft', 'jinaai--tiny-seg', 'adapter_config.json'))).toBe(true);
  });

  it('merges an adapter a LoRA cannot carry (DoRA) into the base and points the user profile at the merged model', async () => {
    const peft = join(dir, 'dora-peft');
    await writePeft(peft, { config: { use_dora: true }, extraTensors: doraMagnitudes(() => 1.5) });
    const { profilesDir, modelsDir } = await hubWithPeft('jinaai/tiny-dora', peft, { file: 'tiny-dora-lora.gguf', source: 'hf:jinaai/tiny-dora' });
    const pulled = await pullProfile('seg', { hubEndpoint, profilesDir, modelsDir });
    expect(pulled.map((f) => [f.role, f.status])).toEqual([['base', 'downloaded'], ['merged', 'merged']]);
    expect(pulled[1]!.hint).toMatch(/DoRA adapter: merged into tiny-qwen2\.gguf; .*seg\.json now uses it as model\.merged/);
    expect(existsSync(join(modelsDir, 'tiny-dora-lora.gguf'))).toBe(false);
    const merged = await readGgufSummary(join(modelsDir, 'tiny-dora-lora-merged.gguf'));
    expect(merged.tensors.length).toBe((await readGgufSummary(TINY_MODEL)).tensors.length);
    // The user's profile (here: the profiles folder given) now names the merged model; a second pull finds it.
    expect(JSON.parse(readFileSync(join(profilesDir, 'seg.json'), 'utf-8')).model).toEqual({ merged: { file: 'tiny-dora-lora-merged.gguf', source: 'hf:jinaai/tiny-dora' } });
    expect((await pullProfile('seg', { hubEndpoint, profilesDir, modelsDir })).map((f) => f.status)).toEqual(['present']);
  });

  it('fetches the adapter repository’s tokenizer files and README when present, keeps their sha256 and says what decides the conversion', async () => {
    hub.addFile('Qwen/Tiny-GGUF/tiny-qwen2.gguf', readFileSync(TINY_MODEL));
    for (const f of ['adapter_config.json', 'adapter_model.safetensors']) hub.addFile(`jinaai/tiny-seg/${f}`, readFileSync(join(TINY_PEFT, f)));
    const tokenizerConfig = Buffer.from(JSON.stringify({ chat_template: '{% for m in messages %}<|im_start|>{{ m.role }}{% endfor %}' }));
    hub.addFile('jinaai/tiny-seg/tokenizer_config.json', tokenizerConfig);
    hub.addFile('jinaai/tiny-seg/README.md', Buffer.from('# tiny-seg\n'));
    // special_tokens_map.json and added_tokens.json are absent: not an error.
    const profilesDir = await writeProfile('seg', {
      base: { file: 'tiny-qwen2.gguf', uri: 'hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf' },
      adapter: { file: 'tiny-seg-lora.gguf', source: 'hf:jinaai/tiny-seg' },
    });
    const modelsDir = join(dir, 'models');
    const pulled = await pullProfile('seg', { hubEndpoint, profilesDir, modelsDir });
    const peft = pulled[1]!.peft!;
    const config = JSON.parse(readFileSync(join(TINY_PEFT, 'adapter_config.json'), 'utf-8')) as { r: number; lora_alpha: number; target_modules: string[] };
    expect(peft).toMatchObject({ r: config.r, loraAlpha: config.lora_alpha, useRslora: false, useDora: false, targetModules: config.target_modules, chatTemplate: true });
    expect(peft.tensors).toBe(28);
    expect(peft.dtypes).toEqual({ BF16: 28 });
    expect(peft.files.map((f) => f.file)).toEqual(['adapter_config.json', 'adapter_model.safetensors', 'tokenizer_config.json', 'README.md']);
    const folder = join(modelsDir, 'peft', 'jinaai--tiny-seg');
    const manifest = JSON.parse(readFileSync(join(folder, 'peft-files.json'), 'utf-8')) as { file: string; sha256: string }[];
    expect(manifest.find((f) => f.file === 'tokenizer_config.json')!.sha256).toBe(createHash('sha256').update(tokenizerConfig).digest('hex'));
    expect(existsSync(join(folder, 'special_tokens_map.json'))).toBe(false);
    expect(describePeftSummary(peft).join('\n')).toMatch(/^r \d+, lora_alpha \d+, use_rslora false, use_dora false\ntarget_modules: .*\ntensors: 28 \(28 BF16\)\nchat_template: present/);
  });

  it('fails fast and says why when the hub cannot be reached or has no such file', async () => {
    const target = join(dir, 'x.gguf');
    await expect(downloadModelFile('hf:Qwen/Tiny-GGUF/missing.gguf', target, { hubEndpoint })).rejects.toThrow(/no such file on 127\.0\.0\.1:\d+ \(HTTP 404\)/);
    const deadEndpoint = hubEndpoint;
    await hub.stop();
    await expect(downloadModelFile('hf:Qwen/Tiny-GGUF/tiny-qwen2.gguf', target, { endpoint: deadEndpoint })).rejects.toThrow(/cannot reach 127\.0\.0\.1:\d+ .*ECONNREFUSED/);
    hub = new LoopbackHub(); // afterEach stops it
    await hub.start();
  });

  it('refuses a download that is not a GGUF and removes it', async () => {
    hub.addFile('Qwen/Tiny-GGUF/broken.gguf', Buffer.from('<html>rate limited</html>'.repeat(100)));
    const profilesDir = await writeProfile('broken', { base: { file: 'broken.gguf', uri: 'hf:Qwen/Tiny-GGUF/broken.gguf' } });
    await expect(pullProfile('broken', { hubEndpoint, profilesDir, modelsDir: join(dir, 'models') })).rejects.toThrow(/broken\.gguf: not a GGUF file/);
    expect(existsSync(join(dir, 'models', 'broken.gguf'))).toBe(false);
  });
});

describe('hub repositories named as adapter sources', () => {
  it('reads hf: URIs and huggingface.co addresses, and nothing else', () => {
    expect(hubRepoOf('hf:jinaai/text-seg-lm-qwen2-0.5b')).toEqual({ owner: 'jinaai', repo: 'text-seg-lm-qwen2-0.5b', branch: undefined });
    expect(hubRepoOf('https://huggingface.co/jinaai/text-seg-lm-qwen2-0.5b')).toEqual({ owner: 'jinaai', repo: 'text-seg-lm-qwen2-0.5b' });
    expect(hubRepoOf('https://huggingface.co/jinaai/x/tree/v2')).toEqual({ owner: 'jinaai', repo: 'x', branch: 'v2' });
    expect(hubRepoOf('https://example.com/jinaai/x')).toBeUndefined();
    expect(hubRepoOf('https://huggingface.co/jinaai/x/blob/main/adapter_config.json')).toBeUndefined();
    expect(hubRepoOf('/home/me/adapters/simple')).toBeUndefined();
  });
});
