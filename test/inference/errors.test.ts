/**
 * Bad input gets one clear, typed error before llama.cpp sees it (a file that is not GGUF, a
 * truncated GGUF, an adapter for another architecture, a missing profile, a window that does not
 * fit the context), and the engine keeps working afterwards.
 */
import { copyFileSync, mkdtempSync, openSync, readSync, closeSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import { UserError } from '../../shared/errors';
import { writeGguf } from '../../electron/model-files/writer';
import { kv } from '../../electron/model-files/types';
import { InferenceEngine } from '../../electron/services/native/engine';
import { explainOutOfMemory, InferenceError } from '../../electron/services/inference/errors';
import { listProfiles } from '../../electron/services/inference/profiles';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { fixtureModelsDir, mobyDickOpening, tinyModelPath, tinyProfile, writeTinyProfiles } from './tiny-profiles';

const text = mobyDickOpening(1200);
const info = describeDocument('opening.txt', text);
const scratch = mkdtempSync(join(tmpdir(), 'workbench-inference-errors-'));
let engine: InferenceEngine;
let profilesDir: string;

function run(options: Record<string, unknown>, strategy: 'simple' | 'topic' | 'summary' = 'simple') {
  return runModelStrategy(
    { text, info, strategy, options: { profile: `tiny-${strategy}`, gpu: 'off', threads: 1, ...options } as never },
    {},
    { engine, profilesDir, modelsDir: fixtureModelsDir },
  );
}

async function expectInferenceError(promise: Promise<unknown>, code: string, message: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InferenceError);
  expect(err).toBeInstanceOf(UserError);
  expect((err as InferenceError).code).toBe(code);
  expect((err as Error).message).toMatch(message);
  expect((err as Error).message).not.toContain('\n');
}

beforeAll(async () => {
  engine = new InferenceEngine();
  const small = tinyProfile('simple', { name: 'tiny-small-context', window: { tokens: 1024, overlapTokens: 64, contextTokens: 512 } });
  const merged = tinyProfile('simple', { name: 'tiny-merged', model: { merged: { file: 'tiny-qwen2.gguf' } } });
  const missing = tinyProfile('topic', { name: 'tiny-missing-files', model: { base: { file: 'nowhere.gguf', uri: 'hf:someone/repo/nowhere.gguf' } } });
  profilesDir = writeTinyProfiles([small, merged, missing]);
  writeFileSync(join(scratch, 'notes.gguf'), 'this is a text file, not a model\n'.repeat(4));
  // The first 64 KiB of the real fixture: a whole GGUF header would need more, so it ends inside it.
  const fd = openSync(tinyModelPath, 'r');
  const head = Buffer.alloc(65536);
  readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  writeFileSync(join(scratch, 'truncated.gguf'), head);
  await writeGguf(
    join(scratch, 'llama-lora.gguf'),
    new Map([
      ['general.architecture', kv.str('llama')],
      ['general.type', kv.str('adapter')],
      ['adapter.type', kv.str('lora')],
      ['adapter.lora.alpha', kv.f32(8)],
    ]),
    [],
  );
  copyFileSync(join(fixtureModelsDir, 'tiny-lora-simple.gguf'), join(scratch, 'lora-copy.gguf'));
});

afterAll(async () => {
  await engine?.dispose();
});

describe('bad input', () => {
  it('a missing profile names the known ones', async () => {
    await expectInferenceError(run({ profile: 'nope' }), 'profile-not-found', /no profile named 'nope' \(known: .*tiny-simple/);
  });

  it('a profile for another strategy', async () => {
    await expectInferenceError(run({ profile: 'tiny-topic' }), 'profile-invalid', /profile 'tiny-topic' is for the topic strategy, not simple/);
  });

  it('a model file that is not GGUF', async () => {
    await expectInferenceError(run({ model: join(scratch, 'notes.gguf') }), 'not-gguf', /model notes\.gguf is not a GGUF file/);
  });

  it('a truncated GGUF', async () => {
    await expectInferenceError(run({ model: join(scratch, 'truncated.gguf') }), 'truncated-gguf', /model truncated\.gguf is truncated/);
  });

  it('an adapter for another architecture, caught before llama.cpp', async () => {
    await expectInferenceError(
      run({ model: tinyModelPath, adapter: join(scratch, 'llama-lora.gguf') }),
      'adapter-mismatch',
      /adapter llama-lora\.gguf is for architecture llama, the model tiny-qwen2\.gguf is qwen2/,
    );
  });

  it('a full model given as the adapter', async () => {
    await expectInferenceError(run({ model: tinyModelPath, adapter: tinyModelPath }), 'not-an-adapter', /is a full model, not a LoRA adapter/);
  });

  it('missing model files say how to get them', async () => {
    await expectInferenceError(run({ profile: 'tiny-missing-files' }, 'topic'), 'model-missing', /nowhere\.gguf.*models pull tiny-missing-files/);
  });

  it('a window that does not fit the context, with the numbers', async () => {
    await expectInferenceError(
      run({ profile: 'tiny-small-context' }),
      'window-too-large',
      /a window of 1024 tokens does not fit: with \d+ template tokens and 96 new tokens it needs a context of \d+, but the profile's context size is 512; use a window of at most \d+ tokens/,
    );
    await expectInferenceError(run({ windowTokens: 40000 }), 'window-too-large', /the model's context \(32768 tokens\)/);
  });

  it('an overlap of half the window or more', async () => {
    await expectInferenceError(run({ windowTokens: 256, overlapTokens: 128 }), 'invalid-option', /overlap \(128 tokens\) must be less than half/);
  });

  it('a GPU backend this machine does not have, instead of a quiet fall back to the CPU', async () => {
    const missing = process.platform === 'darwin' ? 'cuda' : 'metal';
    await expectInferenceError(run({ gpu: missing }), 'backend-unavailable', new RegExp(`the GPU setting ${missing} is not available on this machine`));
    // The flag is named by the CLI only (its hint), never in the message a desktop user reads.
    await expect(run({ gpu: missing })).rejects.toMatchObject({ cliHint: 'try --gpu auto or --gpu off' });
    await expectInferenceError(run({ gpu: 'tpu' }), 'invalid-option', /--gpu must be one of auto, off, cuda, metal, vulkan, got 'tpu'/);
  });

  it('names an allocation failure as out of memory, and leaves other errors alone', () => {
    const oom = explainOutOfMemory(new Error('ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 9000000000'), 'creating a context of 32768 tokens', 'use a smaller window');
    expect(oom).toBeInstanceOf(InferenceError);
    expect((oom as InferenceError).code).toBe('out-of-memory');
    expect((oom as Error).message).toMatch(/^out of memory while creating a context of 32768 tokens \(.*failed to allocate.*\); use a smaller window$/);
    const other = new Error('something else');
    expect(explainOutOfMemory(other, 'x', 'y')).toBe(other);
  });

  it('after all of that the engine still segments, with a merged model or with --model/--adapter', async () => {
    const merged = await run({ profile: 'tiny-merged' });
    assertValidSegmentation(text, merged.segmentation);
    expect(merged.meta.files).not.toHaveProperty('adapter');
    const explicit = await run({ model: tinyModelPath, adapter: join(scratch, 'lora-copy.gguf') });
    assertValidSegmentation(text, explicit.segmentation);
    expect(explicit.meta.files).toMatchObject({ model: { from: 'command line' }, adapter: { path: join(scratch, 'lora-copy.gguf') } });
    expect(engine.modelLoads).toBe(1);
  });
});

describe('listProfiles', () => {
  it('lists built-in and user profiles with whether their files are installed', async () => {
    const listed = await listProfiles({ profilesDir, modelsDir: fixtureModelsDir });
    const byName = new Map(listed.map((p) => [p.name, p]));
    expect(byName.get('tiny-topic')).toMatchObject({ strategy: 'topic', ready: true, missing: [] });
    expect(byName.get('tiny-missing-files')?.ready).toBe(false);
    expect(byName.get('tiny-missing-files')?.missing[0]).toMatch(/nowhere\.gguf \(base: models pull tiny-missing-files\)/);
    // The shipped profiles are there too; their real models are not installed in the fixtures folder.
    for (const name of ['simple', 'topic', 'summary']) {
      expect(byName.get(name)).toMatchObject({ strategy: name, ready: false });
      expect(byName.get(name)?.error).toBeUndefined();
    }
  });
});
