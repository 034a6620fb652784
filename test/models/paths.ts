/** Where the generated fixtures are (made by `npm run fixtures`, which `npm test` runs first). */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const FIXTURES_DIR = resolve(__dirname, '..', '..', 'models', 'test');
export const TINY_MODEL = join(FIXTURES_DIR, 'tiny-qwen2.gguf');
/** The tiny model with mean pooling declared: an installed embedding model. */
export const TINY_EMBED_MODEL = join(FIXTURES_DIR, 'tiny-qwen2-embed.gguf');
export const TINY_LORAS = ['simple', 'topic', 'summary'].map((s) => join(FIXTURES_DIR, `tiny-lora-${s}.gguf`));
export const TINY_PEFT = join(FIXTURES_DIR, 'tiny-peft');

export function requireFixtures(): void {
  for (const f of [TINY_MODEL, TINY_EMBED_MODEL, ...TINY_LORAS, join(TINY_PEFT, 'adapter_model.safetensors')]) {
    if (!existsSync(f)) throw new Error(`fixture ${f} is missing: run npm run fixtures`);
  }
}
