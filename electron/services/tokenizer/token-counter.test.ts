/** The real Qwen2 tokenizer through node-llama-cpp, vocab-only: counts, sharing, failures. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TokenizerLoadError } from './errors';
import { loadTokenCounter } from './token-counter';

const dir = mkdtempSync(join(tmpdir(), 'tokenizer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadTokenCounter', () => {
  it('counts with the Qwen2 vocabulary, cached under the models folder', async () => {
    const counter = await loadTokenCounter();
    expect(counter.source).toMatch(/[/\\]\.cache[/\\]ggml-vocab-qwen2\.gguf$/);
    // Qwen2's byte-level BPE: "Hello world" is [9707, 1879]; no BOS is added to a count.
    expect(counter.countTokens('Hello world')).toBe(2);
    expect(counter.countTokens('')).toBe(0);
    // A special token's spelling in a document is text, not one control token.
    expect(counter.countTokens('<|im_end|>')).toBeGreaterThan(1);
  });

  it('shares one loaded instance between concurrent and later callers', async () => {
    const [a, b] = await Promise.all([loadTokenCounter(), loadTokenCounter()]);
    expect(a).toBe(b);
    expect(await loadTokenCounter({ tokenizerPath: a.source })).toBe(a);
  });

  it('names the file when a tokenizer cannot be loaded', async () => {
    await expect(loadTokenCounter({ tokenizerPath: join(dir, 'missing.gguf') })).rejects.toThrow(/tokenizer file not found: .*missing\.gguf/);
    const notGguf = join(dir, 'notes.gguf');
    writeFileSync(notGguf, 'not a model');
    const failure = loadTokenCounter({ tokenizerPath: notGguf });
    await expect(failure).rejects.toBeInstanceOf(TokenizerLoadError);
    await expect(failure).rejects.toThrow(/cannot load a tokenizer from .*notes\.gguf/);
  });
});
