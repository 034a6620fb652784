/** Verification of GGUF files before use, and importing them into a models folder. */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importModelFile } from '../../electron/services/models/import-file';
import { listInstalled } from '../../electron/services/models/inventory';
import { verifyForUse } from '../../electron/services/models/verify';
import { writeGgufLora } from '../../scripts/fixtures/qwen2-lora';
import { TINY_QWEN2 } from '../../scripts/fixtures/plan';
import { scratchDir } from '../support/scratch-dir';
import { TINY_LORAS, TINY_MODEL, requireFixtures } from './paths';

const dir = scratchDir('models-verify-');
beforeAll(() => requireFixtures());

describe('verifying GGUF files', () => {
  it('accepts the tiny model and its adapters', async () => {
    expect((await verifyForUse(TINY_MODEL)).kind).toBe('model');
    for (const lora of TINY_LORAS) expect((await verifyForUse(lora, { base: TINY_MODEL })).kind).toBe('adapter');
  });

  it('says "not a GGUF file" for other files', async () => {
    const path = join(dir, 'notes.gguf');
    await writeFile(path, 'just some text that is long enough to have a header\n');
    await expect(verifyForUse(path)).rejects.toMatchObject({ code: 'not-gguf', message: expect.stringMatching(/notes\.gguf: not a GGUF file/) });
  });

  it('says "truncated" when the header or the tensor data is cut short', async () => {
    for (const size of [6, 100_000, 20_000_000]) {
      const path = join(dir, `cut-${size}.gguf`);
      await copyFile(TINY_MODEL, path);
      await truncate(path, size);
      await expect(verifyForUse(path)).rejects.toMatchObject({ code: 'truncated-gguf', message: expect.stringMatching(/truncated GGUF/) });
    }
  });

  it('refuses an adapter made for another architecture before llama.cpp sees it', async () => {
    const path = join(dir, 'llama-lora.gguf');
    await writeGgufLora(path, TINY_QWEN2, { name: 'llama-lora', seed: 1, rank: 2, alpha: 4 }, 'llama');
    await expect(verifyForUse(path)).rejects.toMatchObject({ code: 'adapter-mismatch', message: expect.stringMatching(/architecture llama.*qwen2/) });
    await expect(verifyForUse(path, { base: TINY_MODEL })).rejects.toThrow(/architecture llama, the model tiny-qwen2.gguf is qwen2/);
  });

  it('refuses an adapter for another size of Qwen2 when the base is known', async () => {
    const path = join(dir, 'wide-lora.gguf');
    await writeGgufLora(path, { ...TINY_QWEN2, embedding: 128, feedForward: 256 }, { name: 'wide', seed: 1, rank: 2, alpha: 4 });
    await expect(verifyForUse(path)).resolves.toMatchObject({ kind: 'adapter' });
    await expect(verifyForUse(path, { base: TINY_MODEL })).rejects.toThrow(/does not fit the model tiny-qwen2.gguf/);
  });
});

describe('importing and listing', () => {
  it('copies a verified file in, recognises it the second time, and lists it with its metadata', async () => {
    const models = join(dir, 'models-a');
    const first = await importModelFile(TINY_LORAS[1]!, models);
    expect(first.alreadyInstalled).toBe(false);
    expect(readFileSync(first.path).equals(readFileSync(TINY_LORAS[1]!))).toBe(true);
    expect((await importModelFile(TINY_LORAS[1]!, models)).alreadyInstalled).toBe(true);
    await importModelFile(TINY_MODEL, models);

    const listed = await listInstalled(models);
    expect(listed.map((f) => f.file)).toEqual(['tiny-lora-topic.gguf', 'tiny-qwen2.gguf']);
    expect(listed[0]).toMatchObject({ kind: 'adapter', architecture: 'qwen2', loraAlpha: 8, loraRanks: [4], tensors: 28 });
    expect(listed[1]).toMatchObject({ kind: 'model', architecture: 'qwen2', fileType: 'MOSTLY_F16', layers: 2, embedding: 64, contextLength: 32768 });
    expect(listed[1]!.sizeBytes).toBe(readFileSync(TINY_MODEL).length);
  });

  it('never replaces a different file of the same name without --force, and refuses bad files', async () => {
    const models = join(dir, 'models-b');
    await mkdir(models);
    await copyFile(TINY_LORAS[0]!, join(models, 'tiny-lora-topic.gguf'));
    await expect(importModelFile(TINY_LORAS[1]!, models)).rejects.toMatchObject({ code: 'file-exists' });
    expect(readFileSync(join(models, 'tiny-lora-topic.gguf')).equals(readFileSync(TINY_LORAS[0]!))).toBe(true);
    await importModelFile(TINY_LORAS[1]!, models, { force: true });
    expect(readFileSync(join(models, 'tiny-lora-topic.gguf')).equals(readFileSync(TINY_LORAS[1]!))).toBe(true);

    const bad = join(dir, 'bad.gguf');
    await writeFile(bad, Buffer.alloc(64));
    await expect(importModelFile(bad, models)).rejects.toMatchObject({ code: 'not-gguf' });
    expect(existsSync(join(models, 'bad.gguf'))).toBe(false);
  });

  it('imports under a given name only as a plain .gguf file name inside the models folder', async () => {
    const models = join(dir, 'models-named');
    for (const name of ['../x.gguf', 'sub/x.gguf', '..', '.hidden.gguf', '/tmp/x.gguf', 'x\\..\\y.gguf', 'C:x.gguf', 'x.bin']) {
      await expect(importModelFile(TINY_LORAS[1]!, models, { name }), name).rejects.toMatchObject({ code: 'bad-name' });
    }
    // Too long for a file name: refused by name, with the limit, not ENAMETOOLONG.
    await expect(importModelFile(TINY_LORAS[1]!, models, { name: `${'a'.repeat(295)}.gguf` })).rejects.toMatchObject({
      code: 'bad-name',
      message: expect.stringMatching(/^the file name is 300 bytes long; a model file name may have at most 247/),
    });
    expect(existsSync(join(dir, 'x.gguf'))).toBe(false);
    expect(existsSync(models)).toBe(false);
    expect((await importModelFile(TINY_LORAS[1]!, models, { name: `${'b'.repeat(242)}.gguf` })).path).toBe(join(models, `${'b'.repeat(242)}.gguf`));
    expect((await importModelFile(TINY_LORAS[1]!, models, { name: 'my-adapter.gguf' })).path).toBe(join(models, 'my-adapter.gguf'));
  });

  it('lists a damaged file with the reason it cannot be used', async () => {
    const models = join(dir, 'models-c');
    await mkdir(models);
    await copyFile(TINY_MODEL, join(models, 'cut.gguf'));
    await truncate(join(models, 'cut.gguf'), 5_000_000);
    const [entry] = await listInstalled(models);
    expect(entry).toMatchObject({ file: 'cut.gguf', sizeBytes: 5_000_000 });
    expect(entry!.problem).toMatch(/truncated/);
  });
});
