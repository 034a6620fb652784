/**
 * The merged GGUF computes what llama.cpp computes with the LoRA applied (real node-llama-cpp, no
 * mock): on the same prompt, the next-token log-probabilities of base + LoRA GGUF and of the merged
 * model agree within a stated tolerance, for the tiny model as generated (F32 matrices, F16
 * embeddings) and for a Q8_0 copy of it (the merge dequantizes, adds and requantizes). Merges that
 * only a merged model can carry (DoRA, a saved lm_head) load and generate.
 */
import { join } from 'node:path';
import { getLlama, LlamaLogLevel, type Llama, type LlamaModel } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGgufHeader } from '../../electron/model-files/reader';
import { readGgufSummary } from './gguf-read';
import { GgmlType } from '../../electron/model-files/types';
import { convertPeftToGguf } from '../../electron/services/models/convert-peft';
import { mergePeftIntoGguf } from '../../electron/services/models/merge-peft';
import { qwen2TokenizerMetadata, writeQwen2Model } from '../../scripts/fixtures/qwen2-model';
import { tinyModel } from '../../scripts/fixtures/plan';
import { scratchDir } from '../support/scratch-dir';
import { doraMagnitudes, writePeft } from './peft-builder';
import { TINY_MODEL, TINY_PEFT, requireFixtures } from './paths';

const dir = scratchDir('merge-logits-');
const PROMPT = 'The quick brown fox jumps over the lazy dog. Then it';
/** One thread: llama.cpp's spinning workers make a tiny model far slower on a busy 2-core machine. */
const THREADS = 1;
/**
 * Largest allowed difference of a next-token log-probability among the 50 likeliest tokens (measured
 * on this machine: 7.6e-4 for F32, 0.070 for Q8_0, against 3.3 between the base and base + LoRA).
 * F32 weights: the merge differs from llama.cpp's W·x + s·B·(A·x) only by float rounding, which
 * llama.cpp's F16 KV cache rounds on to about 1e-3. Q8_0: the merged W + ΔW is quantized once, where
 * the LoRA path adds an exact ΔW to the quantized W, so the two differ by Q8_0's rounding (about
 * 1/254 of each 32-value block's largest weight).
 */
const TOLERANCE = { f32: 5e-3, q8_0: 0.25 };

let llama: Llama;
const loaded: LlamaModel[] = [];

beforeAll(async () => {
  requireFixtures();
  llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
});

afterAll(async () => {
  for (const m of loaded) await m.dispose();
  await llama?.dispose();
});

async function load(modelPath: string): Promise<LlamaModel> {
  const model = await llama.loadModel({ modelPath });
  loaded.push(model);
  return model;
}

interface Prediction {
  /** Natural log of each token's probability at the prompt's end (temperature 1, no truncation). */
  logProbs: Map<number, number>;
  /** Greedy continuation. */
  tokens: number[];
}

async function predict(model: LlamaModel, adapter?: string): Promise<Prediction> {
  const context = await model.createContext({ contextSize: 256, threads: THREADS, ...(adapter ? { lora: { adapters: [{ filePath: adapter }] } } : {}) });
  try {
    const sequence = context.getSequence();
    const steps = sequence.evaluateWithMetadata(model.tokenize(PROMPT), { probabilities: true }, { temperature: 1, topK: 0, topP: 1, minP: 0 });
    const first = (await steps.next()).value!;
    await steps.return();
    const logProbs = new Map([...first.probabilities].map(([t, p]) => [t, Math.log(p)]));
    await sequence.clearHistory();
    const tokens: number[] = [];
    for await (const token of sequence.evaluate(model.tokenize(PROMPT), { temperature: 0 })) {
      tokens.push(token);
      if (tokens.length >= 6) break;
    }
    return { logProbs, tokens };
  } finally {
    await context.dispose();
  }
}

/** Largest log-probability difference over `reference`'s 50 likeliest tokens. */
function maxLogProbDiff(reference: Prediction, other: Prediction): number {
  const top = [...reference.logProbs].sort((x, y) => y[1] - x[1]).slice(0, 50);
  return Math.max(...top.map(([t, lp]) => Math.abs(lp - (other.logProbs.get(t) ?? -Infinity))));
}

async function agreement(basePath: string, kind: keyof typeof TOLERANCE) {
  const lora = join(dir, `${kind}-lora.gguf`);
  const merged = join(dir, `${kind}-merged.gguf`);
  await convertPeftToGguf(TINY_PEFT, lora);
  await mergePeftIntoGguf(TINY_PEFT, basePath, merged);
  const baseModel = await load(basePath);
  const withLora = await predict(baseModel, lora);
  const plain = await predict(baseModel);
  const fromMerged = await predict(await load(merged));
  const diff = maxLogProbDiff(withLora, fromMerged);
  const adapterEffect = maxLogProbDiff(withLora, plain);
  // The figures, printed so a run shows how close they are (not a timing, so not load-dependent).
  process.stdout.write(`merge-logits ${kind}: max |Δ log p| merged vs base+LoRA ${diff.toExponential(2)}; base vs base+LoRA ${adapterEffect.toFixed(3)}\n`);
  return { diff, adapterEffect, withLora, fromMerged };
}

describe('merged model vs base + LoRA in llama.cpp', () => {
  it('agrees on the tiny model (F32 matrices, F16 embeddings)', async () => {
    const r = await agreement(TINY_MODEL, 'f32');
    expect(r.diff).toBeLessThan(TOLERANCE.f32);
    // The adapter really changes the model, far beyond the tolerance: the agreement is not trivial.
    expect(r.adapterEffect).toBeGreaterThan(100 * TOLERANCE.f32);
    expect(r.fromMerged.tokens).toEqual(r.withLora.tokens);
  });

  it('agrees on a Q8_0 copy, the merge written back in Q8_0', async () => {
    const q8 = join(dir, 'tiny-q8_0.gguf');
    const tokenizer = qwen2TokenizerMetadata(await readGgufHeader(TINY_MODEL));
    await writeQwen2Model(q8, { ...tinyModel, types: { ...tinyModel.types, matrix: GgmlType.Q8_0, embedding: GgmlType.Q8_0 }, fileType: 7 }, tokenizer);
    const r = await agreement(q8, 'q8_0');
    const merged = await readGgufSummary(join(dir, 'q8_0-merged.gguf'));
    expect(merged.tensors.find((t) => t.name === 'blk.1.ffn_up.weight')?.type).toBe(GgmlType.Q8_0);
    expect(r.diff).toBeLessThan(TOLERANCE.q8_0);
    expect(r.adapterEffect).toBeGreaterThan(5 * TOLERANCE.q8_0);
  });

  it('loads and generates with merges a LoRA cannot carry: DoRA, and a saved lm_head beside an embedding LoRA', async () => {
    await writePeft(join(dir, 'dora'), { config: { use_dora: true }, extraTensors: doraMagnitudes((_, __, o) => 1 + (o % 5) / 10) });
    const vocab = 151_936;
    const head = Buffer.alloc(vocab * 64 * 4);
    for (let i = 0; i < vocab * 64; i++) head.writeFloatLE(((i % 29) - 14) / 100, i * 4);
    await writePeft(join(dir, 'head'), { config: { modules_to_save: ['lm_head'] }, extraTensors: new Map([['base_model.model.lm_head.weight', { dtype: 'F32', shape: [vocab, 64], data: head }]]) });
    const base = await predict(await load(TINY_MODEL));
    for (const name of ['dora', 'head']) {
      const out = join(dir, `${name}-merged.gguf`);
      await mergePeftIntoGguf(join(dir, name), TINY_MODEL, out);
      const p = await predict(await load(out));
      expect(p.tokens).toHaveLength(6);
      expect(maxLogProbDiff(p, base)).toBeGreaterThan(0.01);
    }
  });
});
