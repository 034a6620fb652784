/**
 * The generated fixtures and the converter's output in real node-llama-cpp (no mock): the tiny
 * model loads with the real Qwen2 tokenizer and generates; every adapter loads and changes what
 * the model predicts.
 */
import { join } from 'node:path';
import { getLlama, LlamaLogLevel, type Llama, type LlamaModel } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAdapterFile, checkModelFile } from '../../electron/services/inference/gguf-check';
import { convertPeftToGguf } from '../../electron/services/models/convert-peft';
import { encode, writePeft } from './peft-builder';
import { scratchDir } from '../support/scratch-dir';
import { TINY_LORAS, TINY_MODEL, TINY_PEFT, requireFixtures } from './paths';

let llama: Llama;
let model: LlamaModel;
const dir = scratchDir('llama-load-');

beforeAll(async () => {
  requireFixtures();
  llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
  model = await llama.loadModel({ modelPath: TINY_MODEL });
});

afterAll(async () => {
  await model?.dispose();
  await llama?.dispose();
});

const PROMPT = 'The quick brown fox jumps over the lazy dog. ';
/**
 * One thread: llama.cpp's worker threads spin while they wait, so on a busy 2-core machine more
 * threads make a tiny model far slower (measured under load: 75 ms with 1 thread, 2.9 s with 2, 12 s by default).
 */
const THREADS = 1;

/** Greedy next tokens and the first step's top probabilities, with or without an adapter. */
async function predict(adapter?: string): Promise<{ tokens: number[]; top: [number, number][] }> {
  const context = await model.createContext({ contextSize: 256, threads: THREADS, ...(adapter ? { lora: { adapters: [{ filePath: adapter }] } } : {}) });
  try {
    const sequence = context.getSequence();
    const tokens: number[] = [];
    let top: [number, number][] = [];
    for await (const step of sequence.evaluateWithMetadata(model.tokenize(PROMPT), { probabilities: true }, { temperature: 0 })) {
      if (tokens.length === 0) top = [...step.probabilities.entries()].slice(0, 5);
      tokens.push(step.token);
      if (tokens.length >= 4) break;
    }
    return { tokens, top };
  } finally {
    await context.dispose();
  }
}

describe('fixtures in node-llama-cpp', () => {
  it('loads the tiny model with the real Qwen2 tokenizer and chat template', () => {
    // Qwen2's BPE: "Hello world" is [9707, 1879]; <|im_end|> is one special token.
    expect(model.tokenize('Hello world')).toEqual([9707, 1879]);
    expect(model.tokenize('<|im_end|>', true)).toEqual([151645]);
    expect(model.fileInfo.metadata.tokenizer.chat_template).toContain('<|im_start|>');
    expect(model.trainContextSize).toBe(32768);
    expect(model.tokens.eos).toBe(151645);
  });

  it('generates with the base model and differently with each adapter', async () => {
    const base = await predict();
    expect(base.tokens).toHaveLength(4);
    const outputs = [base];
    for (const lora of TINY_LORAS) {
      const withLora = await predict(lora);
      expect(withLora.top).not.toEqual(base.top);
      outputs.push(withLora);
    }
    // The three strategy adapters steer the model three different ways.
    expect(new Set(outputs.map((o) => JSON.stringify(o.top))).size).toBe(4);
  });

  it('loads the converter output of the PEFT fixture, which changes the prediction', async () => {
    const out = join(dir, 'tiny-peft.gguf');
    await convertPeftToGguf(TINY_PEFT, out);
    const base = await predict();
    const converted = await predict(out);
    expect(converted.top).not.toEqual(base.top);
    // The same adapter at scale 0 must give the base model back: the adapter is what changed it.
    const context = await model.createContext({ contextSize: 256, threads: THREADS, lora: { adapters: [{ filePath: out, scale: 0 }] } });
    try {
      const sequence = context.getSequence();
      const steps = sequence.evaluateWithMetadata(model.tokenize(PROMPT), { probabilities: true }, { temperature: 0 });
      for await (const step of steps) {
        expect([...step.probabilities.entries()].slice(0, 5)).toEqual(base.top);
        break;
      }
    } finally {
      await context.dispose();
    }
  });

  it('refuses, before llama.cpp sees it, a LoRA on embed_tokens for a model with tied embeddings (llama.cpp would abort)', async () => {
    const vocab = 151_936;
    const rank = 4;
    // Only the prompt's tokens get a non-zero A row, so the check is about the gathered rows.
    const a = new Float32Array(rank * vocab);
    for (const t of model.tokenize(PROMPT)) for (let r = 0; r < rank; r++) a[r * vocab + t] = 0.5 - 0.25 * r;
    const b = Array.from({ length: 64 * rank }, (_, i) => ((i % 9) - 4) / 2);
    const peft = join(dir, 'embed-peft');
    await writePeft(peft, {
      config: { target_modules: ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj', 'embed_tokens'] },
      extraTensors: new Map([
        ['base_model.model.model.embed_tokens.lora_embedding_A', { dtype: 'F32', shape: [rank, vocab], data: Buffer.from(a.buffer) }],
        ['base_model.model.model.embed_tokens.lora_embedding_B', { dtype: 'F32', shape: [64, rank], data: encode(b, 'F32') }],
      ]),
    });
    const out = join(dir, 'embed-lora.gguf');
    await convertPeftToGguf(peft, out);
    // The tiny model ties token_embd and output like Qwen2-0.5B; loading this adapter made llama.cpp
    // abort the process with GGML_ASSERT(ggml_can_mul_mat(a, b)) (tried: it applies the embedding
    // LoRA to the tied output projection too). The check says so instead.
    await expect(checkAdapterFile(out, await checkModelFile(TINY_MODEL))).rejects.toThrow(/ties its embeddings and output.*merge the adapter/);
  });
});
