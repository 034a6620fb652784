/** The PEFT -> GGUF converter without llama.cpp: names, shapes, alpha, dtypes, scaling, refusals. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { metadataAt, readGgufSummary } from './gguf-read';
import { GgmlType } from '../../electron/model-files/types';
import { convertPeftToGguf } from '../../electron/services/models/convert-peft';
import { ModelError } from '../../electron/services/models/errors';
import { encode, loraValue, writePeft } from './peft-builder';
import { open } from 'node:fs/promises';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'convert-peft-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tensorValues(path: string, name: string): Promise<Float32Array> {
  const h = await readGgufSummary(path);
  const t = h.tensors.find((x) => x.name === name)!;
  expect(t.type).toBe(GgmlType.F32);
  const count = t.dims.reduce((a, b) => a * b, 1);
  const buf = Buffer.alloc(count * 4);
  const fh = await open(path);
  await fh.read(buf, 0, buf.length, h.dataOffset + t.offset);
  await fh.close();
  return new Float32Array(buf.buffer, buf.byteOffset, count);
}

async function convert(spec: Parameters<typeof writePeft>[1] = {}) {
  const peft = join(dir, 'peft');
  await writePeft(peft, spec);
  const out = join(dir, 'out.gguf');
  return { out, result: await convertPeftToGguf(peft, out) };
}

async function refusal(spec: Parameters<typeof writePeft>[1]): Promise<ModelError> {
  const err = await convert(spec).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

describe('convert-peft', () => {
  it('names tensors after the base tensors and keeps PEFT bytes as GGUF [in, r] / [r, out]', async () => {
    const { out, result } = await convert();
    const h = await readGgufSummary(out);
    const meta = (k: string) => metadataAt(h.metadata, k);
    expect(meta('general.type')).toBe('adapter');
    expect(meta('general.architecture')).toBe('qwen2');
    expect(meta('adapter.type')).toBe('lora');
    expect(meta('adapter.lora.alpha')).toBe(8);
    expect(h.tensors.length).toBe(2 * 2 * 7);
    const dims = Object.fromEntries(h.tensors.map((t) => [t.name, t.dims]));
    expect(dims['blk.0.attn_q.weight.lora_a']).toEqual([64, 4]);
    expect(dims['blk.0.attn_q.weight.lora_b']).toEqual([4, 64]);
    expect(dims['blk.1.attn_k.weight.lora_b']).toEqual([4, 32]);
    expect(dims['blk.1.ffn_down.weight.lora_a']).toEqual([128, 4]);
    expect(dims['blk.1.attn_output.weight.lora_a']).toEqual([64, 4]);
    expect(dims['blk.0.ffn_gate.weight.lora_b']).toEqual([4, 128]);
    const b = await tensorValues(out, 'blk.1.ffn_up.weight.lora_b');
    expect(b[5]).toBe(Math.fround(loraValue(1, 'mlp.up_proj', 'B', 5)));
    expect(result).toMatchObject({ layers: 2, ranks: [4], tensors: 28, rescaled: 0, inputDtypes: ['F32'], warnings: [] });
  });

  it('warns when the config names a base model that does not look like Qwen2', async () => {
    const { result } = await convert({ config: { base_model_name_or_path: 'meta-llama/Llama-3.2-1B' } });
    expect(result.warnings).toEqual([expect.stringMatching(/Llama-3.2-1B, which does not look like Qwen2/)]);
  });

  it.each(['F16', 'BF16'] as const)('converts %s input to exact F32', async (dtype) => {
    const { out } = await convert({ dtype });
    const a = await tensorValues(out, 'blk.0.attn_v.weight.lora_a');
    // The builder's values are multiples of 1/32 in [-0.25, 0.25]: exact in every format.
    expect(a[10]).toBe(loraValue(0, 'self_attn.v_proj', 'A', 10));
  });

  it('folds rsLoRA, alpha_pattern and rank_pattern into lora_b so alpha / rank stays exact', async () => {
    const { out, result } = await convert({
      rank: (m) => (m === 'self_attn.q_proj' ? 8 : 4),
      config: { r: 4, lora_alpha: 8, rank_pattern: { q_proj: 8 }, alpha_pattern: { 'model.layers.1.mlp.up_proj': 16 }, use_rslora: true },
    });
    // llama.cpp applies alpha / rank = 8 / r; PEFT with rsLoRA applies alpha_i / sqrt(r).
    const q = await tensorValues(out, 'blk.0.attn_q.weight.lora_b');
    expect(q[3]).toBeCloseTo(loraValue(0, 'self_attn.q_proj', 'B', 3) * (8 / Math.sqrt(8)) / (8 / 8), 6);
    const up1 = await tensorValues(out, 'blk.1.ffn_up.weight.lora_b');
    expect(up1[3]).toBeCloseTo(loraValue(1, 'mlp.up_proj', 'B', 3) * (16 / 2) / (8 / 4), 6);
    const up0 = await tensorValues(out, 'blk.0.ffn_up.weight.lora_b');
    expect(up0[3]).toBeCloseTo(loraValue(0, 'mlp.up_proj', 'B', 3) * (8 / 2) / (8 / 4), 6);
    expect(result.ranks).toEqual([4, 8]);
    expect(result.rescaled).toBe(28 / 2);
  });

  it('refuses modules_to_save whose tensors the file holds, explaining the tied embeddings', async () => {
    const head = new Map([['base_model.model.lm_head.weight', { dtype: 'F32' as const, shape: [2, 64], data: Buffer.alloc(2 * 64 * 4) }]]);
    const err = await refusal({ config: { modules_to_save: ['lm_head'] }, extraTensors: head });
    expect(err.code).toBe('peft-tied-embeddings');
    expect(err.message).toMatch(/modules_to_save \(lm_head\) stores full copies.*ties its input embeddings.*merge/);
  });

  it('converts an adapter whose modules_to_save entry has no tensor in the file, with a warning: PEFT keeps the base module then', async () => {
    const plain = await convert();
    const plainBytes = await readFile(plain.out);
    const { out, result } = await convert({ config: { modules_to_save: ['lm_head'] } });
    expect(result.warnings).toEqual([expect.stringMatching(/lists lm_head in modules_to_save, but adapter_model\.safetensors holds no tensor of it; PEFT then keeps the base model's lm_head/)]);
    // The same LoRA as without the entry: nothing else changes.
    expect((await readFile(out)).equals(plainBytes)).toBe(true);
  });

  it('writes a LoRA on embed_tokens as token_embd.weight.lora_a/.lora_b, A transposed, as llama.cpp’s converter does', async () => {
    const vocab = 10;
    const a = Array.from({ length: 4 * vocab }, (_, i) => (i % 7) / 8 - 0.25);
    const b = Array.from({ length: 64 * 4 }, (_, i) => (i % 5) / 4 - 0.5);
    const embedding = new Map([
      ['base_model.model.model.embed_tokens.lora_embedding_A', { dtype: 'F32', shape: [4, vocab], data: encode(a, 'F32') }],
      ['base_model.model.model.embed_tokens.lora_embedding_B', { dtype: 'F32', shape: [64, 4], data: encode(b, 'F32') }],
    ]);
    const { out, result } = await convert({ extraTensors: embedding, config: { target_modules: ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj', 'embed_tokens'] } });
    expect(result.layers).toBe(2);
    const dims = Object.fromEntries((await readGgufSummary(out)).tensors.map((t) => [t.name, t.dims]));
    expect(dims['token_embd.weight.lora_a']).toEqual([4, vocab]);
    expect(dims['token_embd.weight.lora_b']).toEqual([4, 64]);
    // GGUF [4, vocab] is row-major [vocab, 4]: row t holds token t's A column.
    const ga = await tensorValues(out, 'token_embd.weight.lora_a');
    for (let t = 0; t < vocab; t++) for (let r = 0; r < 4; r++) expect(ga[t * 4 + r]).toBeCloseTo(a[r * vocab + t]!, 6);
    expect([...(await tensorValues(out, 'token_embd.weight.lora_b'))]).toEqual(b.map((v) => Math.fround(v)));
  });

  it('refuses lm_head as a target and full embedding tensors in the file', async () => {
    expect((await refusal({ config: { target_modules: ['q_proj', 'lm_head'] } })).code).toBe('peft-tied-embeddings');
    const extra = new Map([['base_model.model.lm_head.weight', { dtype: 'F32', shape: [2, 2], data: Buffer.alloc(16) }]]);
    expect((await refusal({ extraTensors: extra })).message).toMatch(/lm_head.*ties/);
  });

  it('refuses other PEFT methods, DoRA, trained biases and unknown modules', async () => {
    expect((await refusal({ config: { peft_type: 'IA3' } })).message).toMatch(/only LORA/);
    expect((await refusal({ config: { use_dora: true } })).message).toMatch(/DoRA/);
    expect((await refusal({ config: { bias: 'all' } })).message).toMatch(/bias/);
    expect((await refusal({ config: { target_modules: ['q_proj', 'c_attn'] } })).message).toMatch(/unknown target module c_attn/);
    const err = await refusal({ modules: { 'self_attn.qkv_proj': [64, 128] }, config: { target_modules: 'all-linear' } });
    expect(err.message).toMatch(/unknown target module self_attn\.qkv_proj/);
  });

  it('refuses a config and weights that disagree, and a missing half of a pair', async () => {
    expect((await refusal({ config: { r: 8 } })).message).toMatch(/rank 4, adapter_config.json says 8/);
    const peft = join(dir, 'half');
    await writePeft(peft);
    const { readSafetensors, writeSafetensors } = await import('../../electron/model-files/safetensors');
    const file = await readSafetensors(join(peft, 'adapter_model.safetensors'));
    file.tensors.delete('base_model.model.model.layers.1.mlp.up_proj.lora_B.weight');
    await writeSafetensors(join(peft, 'adapter_model.safetensors'), file.tensors);
    await expect(convertPeftToGguf(peft, join(dir, 'x.gguf'))).rejects.toThrow(/layer 1 mlp.up_proj has lora_A without its lora_B/);
  });

  it('explains a folder that is not a PEFT adapter', async () => {
    await expect(convertPeftToGguf(dir, join(dir, 'x.gguf'))).rejects.toThrow(/no adapter_config.json/);
    await writeFile(join(dir, 'adapter_config.json'), '{"peft_type": "LORA"');
    await writeFile(join(dir, 'adapter_model.safetensors'), 'x');
    await expect(convertPeftToGguf(dir, join(dir, 'x.gguf'))).rejects.toThrow(/not valid JSON/);
  });
});
