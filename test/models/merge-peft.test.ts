/**
 * `convert-peft --merge` without llama.cpp: the merged tensors equal a reference computed here with
 * plain float math (DoRA's row rescaling, a saved lm_head, an embedding LoRA on the tied base), every
 * untouched tensor is copied byte for byte, and what cannot be merged is refused with a reason.
 */
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { f16BitsToF32, f16Values, f32ToF16Bits } from '../../electron/model-files/numeric';
import type { GgufFileSummary } from '../../electron/model-files/file-info';
import { readGgufSummary } from './gguf-read';
import { readGgufHeader } from '../../electron/model-files/reader';
import { GgmlType } from '../../electron/model-files/types';
import { writeGguf } from '../../electron/model-files/writer';
import { convertPeftToGguf } from '../../electron/services/models/convert-peft';
import { mergePeftIntoGguf } from '../../electron/services/models/merge-peft';
import { scratchDir } from '../support/scratch-dir';
import { doraMagnitudes, encode, loraValue, writePeft } from './peft-builder';
import { TINY_LORAS, TINY_MODEL, requireFixtures } from './paths';

const dir = scratchDir('merge-peft-');
const VOCAB = 151_936;
const HIDDEN = 64;
let base: GgufFileSummary;

beforeAll(async () => {
  requireFixtures();
  base = await readGgufSummary(TINY_MODEL);
});

async function rawTensor(path: string, name: string): Promise<{ type: number; dims: number[]; bytes: Buffer }> {
  const h = await readGgufSummary(path);
  const t = h.tensors.find((x) => x.name === name);
  if (!t) throw new Error(`${path} has no ${name}`);
  const count = t.dims.reduce((a, b) => a * b, 1);
  const bytes = Buffer.alloc(count * (t.type === GgmlType.F32 ? 4 : 2));
  const fh = await open(path);
  await fh.read(bytes, 0, bytes.length, h.dataOffset + t.offset);
  await fh.close();
  return { type: t.type, dims: t.dims, bytes };
}

/** F32 or F16 tensor values, decoded here. */
async function values(path: string, name: string): Promise<Float64Array> {
  const { type, bytes } = await rawTensor(path, name);
  if (type === GgmlType.F32) return Float64Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
  expect(type).toBe(GgmlType.F16);
  const out = new Float64Array(bytes.length / 2);
  const table = f16Values();
  for (let i = 0; i < out.length; i++) out[i] = table[bytes.readUInt16LE(i * 2)]!;
  return out;
}

/** A large tensor's bytes from a function of the index (a loop: Array.from is slow at 10M elements). */
function bytesOf(count: number, dtype: 'F32' | 'F16', value: (i: number) => number): Buffer {
  const out = Buffer.alloc(count * (dtype === 'F32' ? 4 : 2));
  for (let i = 0; i < count; i++) {
    if (dtype === 'F32') out.writeFloatLE(value(i), i * 4);
    else out.writeUInt16LE(f32ToF16Bits(value(i)), i * 2);
  }
  return out;
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

describe('convert-peft --merge', () => {
  it('applies DoRA: W + s·B·A, each output row rescaled to its trained magnitude', async () => {
    const magnitude = (layer: number, module: string, o: number) => 0.5 + ((layer * 5 + module.length + o) % 11) / 10;
    const peft = join(dir, 'dora');
    await writePeft(peft, { config: { use_dora: true }, extraTensors: doraMagnitudes(magnitude) });
    const out = join(dir, 'dora-merged.gguf');
    const result = await mergePeftIntoGguf(peft, TINY_MODEL, out);
    expect(result).toMatchObject({ pairs: 14, savedModules: 0, dora: true, untiedOutput: false, types: ['F32'] });

    // The reference, from PEFT's definition: W' = m / ‖W + s·B·A‖_row · (W + s·B·A), s = alpha / r = 8 / 4.
    for (const [layer, module, gguf, inputs, outputs] of [[1, 'self_attn.k_proj', 'blk.1.attn_k.weight', 64, 32], [0, 'mlp.down_proj', 'blk.0.ffn_down.weight', 128, 64]] as const) {
      const w = await values(TINY_MODEL, gguf);
      const expected = new Float64Array(w.length);
      for (let o = 0; o < outputs; o++) {
        let sq = 0;
        for (let i = 0; i < inputs; i++) {
          let delta = 0;
          for (let r = 0; r < 4; r++) delta += loraValue(layer, module, 'B', o * 4 + r) * loraValue(layer, module, 'A', r * inputs + i);
          expected[o * inputs + i] = w[o * inputs + i]! + 2 * delta;
          sq += expected[o * inputs + i]! ** 2;
        }
        for (let i = 0; i < inputs; i++) expected[o * inputs + i]! *= magnitude(layer, module, o) / Math.sqrt(sq);
      }
      const merged = await values(out, gguf);
      expect(maxAbsDiff(merged, expected)).toBeLessThan(1e-5);
      // Each row's norm is the magnitude the adapter trained.
      const norm = Math.hypot(...merged.subarray(0, inputs));
      expect(norm).toBeCloseTo(magnitude(layer, module, 0), 5);
    }
    // Untouched tensors are the base's bytes.
    expect((await rawTensor(out, 'token_embd.weight')).bytes.equals((await rawTensor(TINY_MODEL, 'token_embd.weight')).bytes)).toBe(true);
    expect((await rawTensor(out, 'blk.0.attn_q.bias')).bytes.equals((await rawTensor(TINY_MODEL, 'blk.0.attn_q.bias')).bytes)).toBe(true);
  });

  it('swaps in a saved lm_head and adds an embedding LoRA, untying output.weight from token_embd.weight', async () => {
    const rank = 2;
    const tokens = [9707, 1879, 42];
    const a = new Float32Array(rank * VOCAB);
    tokens.forEach((t, k) => {
      for (let r = 0; r < rank; r++) a[r * VOCAB + t] = (k + 1) * (r ? -0.25 : 0.5);
    });
    const b = Array.from({ length: HIDDEN * rank }, (_, i) => ((i % 9) - 4) / 16);
    const head = bytesOf(VOCAB * HIDDEN, 'F16', (i) => ((i % 23) - 11) / 64);
    const peft = join(dir, 'saved-head');
    await writePeft(peft, {
      config: { target_modules: ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj', 'embed_tokens'], modules_to_save: ['lm_head'], rank_pattern: { embed_tokens: rank } },
      extraTensors: new Map([
        ['base_model.model.model.embed_tokens.lora_embedding_A', { dtype: 'F32', shape: [rank, VOCAB], data: Buffer.from(a.buffer) }],
        ['base_model.model.model.embed_tokens.lora_embedding_B', { dtype: 'F32', shape: [HIDDEN, rank], data: encode(b, 'F32') }],
        ['base_model.model.lm_head.weight', { dtype: 'F16', shape: [VOCAB, HIDDEN], data: head }],
      ]),
    });
    // A plain conversion still refuses it, pointing at --merge.
    await expect(convertPeftToGguf(peft, join(dir, 'x.gguf'))).rejects.toThrow(/modules_to_save \(lm_head\).*--merge/);

    const out = join(dir, 'head-merged.gguf');
    const result = await mergePeftIntoGguf(peft, TINY_MODEL, out);
    expect(result).toMatchObject({ savedModules: 1, untiedOutput: true, tensors: base.tensors.length + 1 });
    expect(result.changed).toEqual(expect.arrayContaining(['output.weight', 'token_embd.weight', 'blk.0.attn_q.weight']));

    // output.weight is the saved lm_head, in the base embedding's type (F16).
    const output = await rawTensor(out, 'output.weight');
    expect(output.type).toBe(GgmlType.F16);
    expect(output.dims).toEqual([HIDDEN, VOCAB]);
    expect(output.bytes.equals(head)).toBe(true);

    // token_embd.weight: the base's rows plus s·(B·A)ᵀ for the three tokens (s = alpha / r = 8 / 2), in F16.
    const e = await values(TINY_MODEL, 'token_embd.weight');
    const merged = await values(out, 'token_embd.weight');
    const f16 = (v: number) => f16BitsToF32(f32ToF16Bits(v));
    for (const t of [...tokens, 0, 151_000]) {
      for (let h = 0; h < HIDDEN; h++) {
        let delta = 0;
        for (let r = 0; r < rank; r++) delta += a[r * VOCAB + t]! * b[h * rank + r]!;
        expect(merged[t * HIDDEN + h]).toBe(f16(e[t * HIDDEN + h]! + 4 * delta));
      }
    }
    expect(maxAbsDiff(merged.subarray(0, 9000), e.subarray(0, 9000))).toBeGreaterThan(0);
  });

  it('applies DoRA on embed_tokens as PEFT defines it: each hidden column rescaled, the norm over the vocabulary; the tied output keeps the base', async () => {
    const rank = 2;
    const tokens = [9707, 1879, 42, 151_000];
    const a = new Float32Array(rank * VOCAB);
    tokens.forEach((t, k) => {
      for (let r = 0; r < rank; r++) a[r * VOCAB + t] = (k + 1) * (r ? -0.375 : 0.25);
    });
    const b = Array.from({ length: HIDDEN * rank }, (_, i) => ((i % 7) - 3) / 8);
    const embMagnitude = Array.from({ length: HIDDEN }, (_, h) => 1 + (h % 5) / 4);
    const linearMagnitude = (layer: number, module: string, o: number) => 0.75 + ((layer + module.length + o) % 3) / 4;
    const peft = join(dir, 'dora-embed');
    await writePeft(peft, {
      config: { use_dora: true, target_modules: ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj', 'embed_tokens'], rank_pattern: { embed_tokens: rank } },
      extraTensors: new Map([
        ...doraMagnitudes(linearMagnitude),
        ['base_model.model.model.embed_tokens.lora_embedding_A', { dtype: 'F32', shape: [rank, VOCAB], data: Buffer.from(a.buffer) }],
        ['base_model.model.model.embed_tokens.lora_embedding_B', { dtype: 'F32', shape: [HIDDEN, rank], data: encode(b, 'F32') }],
        // PEFT's newer name for the magnitude (`.lora_magnitude_vector.<adapter>.weight`, adapter name dropped on save).
        ['base_model.model.model.embed_tokens.lora_magnitude_vector.weight', { dtype: 'F32', shape: [HIDDEN], data: encode(embMagnitude, 'F32') }],
      ]),
    });
    const out = join(dir, 'dora-embed-merged.gguf');
    const result = await mergePeftIntoGguf(peft, TINY_MODEL, out);
    expect(result).toMatchObject({ pairs: 15, dora: true, untiedOutput: true, tensors: base.tensors.length + 1 });

    // Reference from PEFT's DoraEmbeddingLayer: V = E + s·(B·A)ᵀ, s = alpha / r = 8 / 2; the weight
    // norm is taken with fan_in_fan_out, i.e. over Vᵀ's rows = V's columns (one per hidden dimension,
    // the sum running over all 151,936 tokens); E' = V · m[h] / ‖V[:, h]‖.
    const e = await values(TINY_MODEL, 'token_embd.weight');
    const v = Float64Array.from(e);
    for (const t of tokens) {
      for (let h = 0; h < HIDDEN; h++) {
        for (let r = 0; r < rank; r++) v[t * HIDDEN + h]! += 4 * a[r * VOCAB + t]! * b[h * rank + r]!;
      }
    }
    const norms = new Float64Array(HIDDEN);
    for (let i = 0; i < v.length; i++) norms[i % HIDDEN]! += v[i]! ** 2;
    const merged = await values(out, 'token_embd.weight');
    let worst = 0;
    for (let i = 0; i < v.length; i++) {
      const expected = (v[i]! * embMagnitude[i % HIDDEN]!) / Math.sqrt(norms[i % HIDDEN]!);
      // Written back in the base's F16: within half an F16 step (2^-11 relative) of the exact value.
      worst = Math.max(worst, Math.abs(merged[i]! - expected) / (Math.abs(expected) * 2 ** -11 + 2 ** -25));
    }
    expect(worst).toBeLessThanOrEqual(1.01);
    // Each column's norm is the trained magnitude (up to F16 rounding); the rows' are not rescaled to it.
    const mergedNorms = new Float64Array(HIDDEN);
    for (let i = 0; i < merged.length; i++) mergedNorms[i % HIDDEN]! += merged[i]! ** 2;
    for (let h = 0; h < HIDDEN; h++) expect(Math.sqrt(mergedNorms[h]!) / embMagnitude[h]!).toBeCloseTo(1, 3);
    // The tied output projection is the base's embedding, byte for byte (PEFT's DoRA changes only the lookup).
    expect((await rawTensor(out, 'output.weight')).bytes.equals((await rawTensor(TINY_MODEL, 'token_embd.weight')).bytes)).toBe(true);
    // The linear layers got their own (row-wise) DoRA in the same merge.
    const q = await values(out, 'blk.0.attn_q.weight');
    expect(Math.hypot(...q.subarray(0, 64))).toBeCloseTo(linearMagnitude(0, 'self_attn.q_proj', 0), 5);
  });

  it('keeps the unmerged meaning of a tied base: a changed embed_tokens leaves the output projection as it was', async () => {
    const saved = (i: number) => ((i % 13) - 6) / 32;
    const peft = join(dir, 'saved-embed');
    await writePeft(peft, { config: { modules_to_save: ['embed_tokens'] }, extraTensors: new Map([['base_model.model.model.embed_tokens.weight', { dtype: 'F32', shape: [VOCAB, HIDDEN], data: bytesOf(VOCAB * HIDDEN, 'F32', saved) }]]) });
    const out = join(dir, 'embed-merged.gguf');
    expect((await mergePeftIntoGguf(peft, TINY_MODEL, out)).untiedOutput).toBe(true);
    expect((await rawTensor(out, 'output.weight')).bytes.equals((await rawTensor(TINY_MODEL, 'token_embd.weight')).bytes)).toBe(true);
    expect((await rawTensor(out, 'token_embd.weight')).bytes.equals(bytesOf(VOCAB * HIDDEN, 'F16', saved))).toBe(true);
  });

  it('warns about a modules_to_save entry with no tensor in the file and keeps that module as in the base, as PEFT does', async () => {
    const saved = (i: number) => ((i % 13) - 6) / 32;
    const peft = join(dir, 'missing-saved');
    // Two entries, only embed_tokens stored: lm_head (tied, so read from token_embd) must stay the base's.
    await writePeft(peft, {
      config: { modules_to_save: ['lm_head', 'embed_tokens'] },
      extraTensors: new Map([['base_model.model.model.embed_tokens.weight', { dtype: 'F32', shape: [VOCAB, HIDDEN], data: bytesOf(VOCAB * HIDDEN, 'F32', saved) }]]),
    });
    const out = join(dir, 'missing-saved.gguf');
    const result = await mergePeftIntoGguf(peft, TINY_MODEL, out);
    expect(result.warnings).toEqual([expect.stringMatching(/^adapter_config\.json lists lm_head in modules_to_save, but adapter_model\.safetensors holds no tensor of it; PEFT then keeps the base model's lm_head, and so does this merge/)]);
    expect(result.changed).not.toContain('output.weight');
    expect((await rawTensor(out, 'output.weight')).bytes.equals((await rawTensor(TINY_MODEL, 'token_embd.weight')).bytes)).toBe(true);
    expect((await rawTensor(out, 'token_embd.weight')).bytes.equals(bytesOf(VOCAB * HIDDEN, 'F16', saved))).toBe(true);

    // Only a missing entry: the merged model is the base with the LoRA applied, tie kept, and one warning.
    const onlyMissing = join(dir, 'only-missing');
    await writePeft(onlyMissing, { config: { modules_to_save: ['lm_head'] } });
    const plain = await mergePeftIntoGguf(onlyMissing, TINY_MODEL, join(dir, 'only-missing.gguf'));
    expect(plain).toMatchObject({ savedModules: 0, untiedOutput: false, tensors: base.tensors.length, warnings: [expect.stringMatching(/lists lm_head in modules_to_save/)] });
    expect((await rawTensor(join(dir, 'only-missing.gguf'), 'token_embd.weight')).bytes.equals((await rawTensor(TINY_MODEL, 'token_embd.weight')).bytes)).toBe(true);
  });

  it('swaps in trained biases where Qwen2 has them, and refuses one it does not have', async () => {
    const bias = Array.from({ length: 64 }, (_, i) => (i - 32) / 128);
    const peft = join(dir, 'bias');
    await writePeft(peft, { config: { bias: 'all' }, extraTensors: new Map([['base_model.model.model.layers.1.self_attn.q_proj.bias', { dtype: 'F32', shape: [64], data: encode(bias, 'F32') }]]) });
    await expect(convertPeftToGguf(peft, join(dir, 'b.gguf'))).rejects.toThrow(/bias is "all".*--merge/);
    const out = join(dir, 'bias-merged.gguf');
    expect((await mergePeftIntoGguf(peft, TINY_MODEL, out)).changed).toContain('blk.1.attn_q.bias');
    expect((await rawTensor(out, 'blk.1.attn_q.bias')).bytes.equals(encode(bias, 'F32'))).toBe(true);
    const oBias = join(dir, 'o-bias');
    await writePeft(oBias, { config: { bias: 'all' }, extraTensors: new Map([['base_model.model.model.layers.0.self_attn.o_proj.bias', { dtype: 'F32', shape: [64], data: encode(bias, 'F32') }]]) });
    await expect(mergePeftIntoGguf(oBias, TINY_MODEL, join(dir, 'o.gguf'))).rejects.toThrow(/changes blk\.0\.attn_output\.bias, which tiny-qwen2\.gguf does not have/);
  });

  it('refuses a k-quant base, naming the Q8_0 and F16 files of the same model to merge into', async () => {
    // A Qwen2 base whose only tensor, blk.0.attn_q.weight [256, 256], is Q4_K (a 256-value block of
    // 144 bytes per row), named as Qwen's hub files are.
    const header = await readGgufHeader(TINY_MODEL);
    const quantBase = join(dir, 'qwen2-0_5b-instruct-q4_k_m.gguf');
    await writeGguf(quantBase, header.metadata, [{ name: 'blk.0.attn_q.weight', dims: [256, 256], type: GgmlType.Q4_K, data: () => Buffer.alloc(256 * 144) }]);
    const peft = join(dir, 'q-only');
    await writePeft(peft, { modules: { 'self_attn.q_proj': [256, 256] }, layers: 1 });
    const out = join(dir, 'k-quant-merged.gguf');
    await expect(mergePeftIntoGguf(peft, quantBase, out)).rejects.toThrow(
      /the base's blk\.0\.attn_q\.weight is Q4_K; .*not Q4_K: merge into qwen2-0_5b-instruct-q8_0\.gguf or qwen2-0_5b-instruct-fp16\.gguf/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a base that is an adapter, and weights that do not fit the base', async () => {
    const peft = join(dir, 'plain');
    await writePeft(peft);
    await expect(mergePeftIntoGguf(peft, TINY_LORAS[0]!, join(dir, 'y.gguf'))).rejects.toThrow(/is a LoRA adapter; --base needs the full base model/);
    const wide = join(dir, 'wide');
    await writePeft(wide, { modules: { 'self_attn.q_proj': [96, 64] } });
    await expect(mergePeftIntoGguf(wide, TINY_MODEL, join(dir, 'z.gguf'))).rejects.toThrow(/does not fit the base's blk\.0\.attn_q\.weight/);
    const dora = join(dir, 'dora-no-magnitude');
    await writePeft(dora, { config: { use_dora: true } });
    await expect(mergePeftIntoGguf(dora, TINY_MODEL, join(dir, 'w.gguf'))).rejects.toThrow(/use_dora is set but layer 0 .* has no lora_magnitude_vector/);
  });
});
