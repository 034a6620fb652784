/** Import by purpose on the fixture models, with the built-in profiles and an empty models folder. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importForPurpose } from '../../electron/services/models/import-for-purpose';
import { fixtureModelsDir } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';

const scratch = scratchDir('import-purpose-');
let folders = 0;
/** A fresh, empty models folder for each test. */
const emptyModelsDir = () => {
  const dir = join(scratch, `models-${++folders}`);
  mkdirSync(dir);
  return dir;
};

const fixture = (file: string) => join(fixtureModelsDir, file);

describe('importForPurpose', () => {
  it('installs the base and an adapter under the names the built-in profiles give them', async () => {
    const modelsDir = emptyModelsDir();
    const base = await importForPurpose(fixture('tiny-qwen2.gguf'), 'base', { modelsDir });
    expect(base.path).toBe(join(modelsDir, 'qwen2-0_5b-instruct-q8_0.gguf'));
    const topic = await importForPurpose(fixture('tiny-lora-topic.gguf'), 'topic-adapter', { modelsDir });
    expect(topic.path).toBe(join(modelsDir, 'text-seg-lm-qwen2-0.5b-cot-topic-chunking-lora.gguf'));
    expect(existsSync(join(modelsDir, 'tiny-lora-topic.gguf'))).toBe(false);
  });

  it('refuses a file of the wrong kind for its purpose, copying nothing', async () => {
    const modelsDir = emptyModelsDir();
    await expect(importForPurpose(fixture('tiny-qwen2.gguf'), 'simple-adapter', { modelsDir })).rejects.toThrow(/tiny-qwen2\.gguf is a full model, not a LoRA adapter/);
    await expect(importForPurpose(fixture('tiny-qwen2.gguf'), 'embedding', { modelsDir })).rejects.toThrow(/declares no pooling type/);
    expect(existsSync(join(modelsDir, 'text-seg-lm-qwen2-0.5b-lora.gguf'))).toBe(false);
  });

  it('keeps an embedding model under its own name', async () => {
    const modelsDir = emptyModelsDir();
    const embed = await importForPurpose(fixture('tiny-qwen2-embed.gguf'), 'embedding', { modelsDir });
    expect(embed.path).toBe(join(modelsDir, 'tiny-qwen2-embed.gguf'));
  });
});
