/** The GGUF and safetensors code against known values and round trips (no llama.cpp here). */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bf16BitsToF32, decodeQ8_0, encodeQ8_0, f16BitsToF32, f16Values, f32ToBf16Bits, f32ToF16Bits } from '../../electron/model-files/numeric';
import { encodeSafetensors, parseSafetensors, safetensorsToFloat32 } from '../../electron/model-files/safetensors';
import { GgmlType, GgufValueType, kv, plainValue, type GgufValue } from '../../electron/model-files/types';
import { writeGguf } from '../../electron/model-files/writer';
import { QWEN2_0_5B, qwen2Tensors } from '../../electron/model-files/qwen2';
import { scratchDir } from '../support/scratch-dir';
import { TINY_MODEL, requireFixtures } from './paths';
import { fullMetadata, metadataAt, readGgufSummary } from './gguf-read';

const dir = scratchDir('gguf-format-');

describe('half and bfloat16', () => {
  it('encodes known binary16 bit patterns', () => {
    expect(f32ToF16Bits(0)).toBe(0x0000);
    expect(f32ToF16Bits(-0)).toBe(0x8000);
    expect(f32ToF16Bits(1)).toBe(0x3c00);
    expect(f32ToF16Bits(-2)).toBe(0xc000);
    expect(f32ToF16Bits(65504)).toBe(0x7bff);
    expect(f32ToF16Bits(1e6)).toBe(0x7c00); // overflow -> +Inf
    expect(f32ToF16Bits(2 ** -24)).toBe(0x0001); // smallest subnormal
    expect(f32ToF16Bits(1 + 2 ** -11)).toBe(0x3c00); // a tie rounds to even
    expect(f32ToF16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02);
    expect(Number.isNaN(f16BitsToF32(f32ToF16Bits(NaN)))).toBe(true);
  });

  it('round-trips every finite half exactly', () => {
    for (let h = 0; h < 0x10000; h++) {
      if ((h & 0x7c00) === 0x7c00) continue; // Inf / NaN
      expect(f32ToF16Bits(f16BitsToF32(h))).toBe(h === 0x8000 ? 0x8000 : h);
    }
  });

  it('the decode table holds f16BitsToF32 of every half', () => {
    const table = f16Values();
    for (let h = 0; h < 0x10000; h++) expect(Object.is(table[h], f16BitsToF32(h)) || (Number.isNaN(table[h]) && Number.isNaN(f16BitsToF32(h)))).toBe(true);
  });

  it('bfloat16 keeps the top 16 bits, rounding to nearest even', () => {
    expect(f32ToBf16Bits(1)).toBe(0x3f80);
    expect(bf16BitsToF32(0x3f80)).toBe(1);
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true, min: Math.fround(-1e30), max: Math.fround(1e30) }), (x) => {
        const back = bf16BitsToF32(f32ToBf16Bits(x));
        expect(Math.abs(back - x)).toBeLessThanOrEqual(Math.abs(x) * 2 ** -8 + 2 ** -133); // subnormals lose absolute bits
      }),
    );
  });
});

describe('Q8_0', () => {
  it('stores an f16 scale max|x|/127 and int8 values per block of 32', () => {
    const values = Float32Array.from({ length: 64 }, (_, i) => (i - 20) / 10);
    const data = encodeQ8_0(values);
    expect(data.length).toBe(2 * 34);
    expect(f16BitsToF32(data.readUInt16LE(0))).toBeCloseTo(2 / 127, 4);
    expect(data.readInt8(2)).toBe(-127); // -2.0 is the block's largest magnitude
    const back = decodeQ8_0(data, 64);
    for (let i = 0; i < 64; i++) expect(Math.abs(back[i]! - values[i]!)).toBeLessThan(4.4 / 127 / 2 + 1e-3);
  });

  it('refuses a count that is not whole blocks', () => {
    expect(() => encodeQ8_0(new Float32Array(33))).toThrow(/multiple of 32/);
  });
});

describe('GGUF writer and reader', () => {
  it('round-trips metadata of every type, tensor infos and aligned offsets', async () => {
    const metadata = new Map<string, GgufValue>([
      ['general.architecture', kv.str('qwen2')],
      ['general.alignment', { type: GgufValueType.UINT32, value: 64 }],
      ['t.u8', { type: GgufValueType.UINT8, value: 250 }],
      ['t.i8', { type: GgufValueType.INT8, value: -5 }],
      ['t.u16', { type: GgufValueType.UINT16, value: 65000 }],
      ['t.i16', { type: GgufValueType.INT16, value: -30000 }],
      ['t.i32', kv.i32(-7)],
      ['t.f32', kv.f32(0.5)],
      ['t.f64', { type: GgufValueType.FLOAT64, value: Math.PI }],
      ['t.u64', { type: GgufValueType.UINT64, value: 2n ** 40n }],
      ['t.i64', { type: GgufValueType.INT64, value: -(2n ** 40n) }],
      ['t.bool', kv.bool(true)],
      ['t.strings', kv.strings(['a', 'Ġb', '中文', ''])],
      ['t.ints', { type: GgufValueType.ARRAY, itemType: GgufValueType.INT32, value: [1, -2, 3] }],
    ]);
    const path = join(dir, 'round.gguf');
    await writeGguf(path, metadata, [
      { name: 'a', dims: [3], type: GgmlType.F32, data: Buffer.from(new Float32Array([1, 2, 3]).buffer) },
      { name: 'b', dims: [32, 2], type: GgmlType.Q8_0, data: encodeQ8_0(new Float32Array(64).fill(1)) },
    ]);
    const h = await readGgufSummary(path);
    expect(h.version).toBe(3);
    expect(h.dataOffset % 64).toBe(0);
    // node-llama-cpp's parser reads each value by the type the writer wrote for it.
    for (const [key, value] of metadata) {
      const read = metadataAt(h.metadata, key);
      expect(typeof value.value === 'bigint' ? BigInt(read as number | bigint) : read).toEqual(plainValue(value));
    }
    expect(h.tensors).toEqual([
      { name: 'a', dims: [3], type: GgmlType.F32, offset: 0 },
      { name: 'b', dims: [32, 2], type: GgmlType.Q8_0, offset: 64 },
    ]);
    expect(h.fileSize).toBe(h.dataOffset + 64 + 68 + (128 - 68));
  });

  it('refuses tensor data of the wrong size', async () => {
    await expect(writeGguf(join(dir, 'bad.gguf'), new Map(), [{ name: 'a', dims: [4], type: GgmlType.F32, data: Buffer.alloc(8) }])).rejects.toThrow(/8 bytes given/);
  });

  it('wrote the tiny fixture as llama.cpp names Qwen2 tensors, with the real tokenizer', async () => {
    requireFixtures();
    const h = await readGgufSummary(TINY_MODEL);
    const all = await fullMetadata(TINY_MODEL);
    const meta = (k: string) => metadataAt(all, k);
    expect(meta('general.architecture')).toBe('qwen2');
    expect(meta('tokenizer.ggml.model')).toBe('gpt2');
    expect(meta('tokenizer.ggml.pre')).toBe('qwen2');
    expect((meta('tokenizer.ggml.tokens') as string[]).length).toBe(151936);
    expect((meta('tokenizer.ggml.merges') as string[]).length).toBeGreaterThan(150000);
    expect(meta('tokenizer.chat_template')).toContain('<|im_start|>');
    expect(meta('tokenizer.ggml.eos_token_id')).toBe(151645);
    expect(h.tensors.some((t) => t.name === 'output.weight')).toBe(false); // tied embeddings
    expect(h.tensors.find((t) => t.name === 'blk.1.attn_k.bias')?.dims).toEqual([32]);
  });

  it('lays out Qwen2-0.5B with its real parameter count', () => {
    const params = qwen2Tensors(QWEN2_0_5B).reduce((n, t) => n + t.dims.reduce((a, b) => a * b, 1), 0);
    expect(params).toBe(494_032_768); // Qwen2-0.5B's published count (tied embeddings)
  });
});

describe('safetensors', () => {
  it('round-trips F32, F16 and BF16 tensors with an 8-byte aligned header', async () => {
    const f32 = Buffer.from(new Float32Array([1.5, -2]).buffer);
    const f16 = Buffer.alloc(4);
    f16.writeUInt16LE(f32ToF16Bits(0.25), 0);
    f16.writeUInt16LE(f32ToF16Bits(-4), 2);
    const bf16 = Buffer.alloc(4);
    bf16.writeUInt16LE(f32ToBf16Bits(3), 0);
    bf16.writeUInt16LE(f32ToBf16Bits(-0.5), 2);
    const buf = encodeSafetensors(
      new Map([
        ['x', { dtype: 'F32', shape: [1, 2], data: f32 }],
        ['y', { dtype: 'F16', shape: [2], data: f16 }],
        ['z', { dtype: 'BF16', shape: [2, 1], data: bf16 }],
      ]),
      { format: 'pt' },
    );
    expect(Number(buf.readBigUInt64LE(0)) % 8).toBe(0);
    const path = join(dir, 'a.safetensors');
    await writeFile(path, buf);
    const file = parseSafetensors(buf);
    expect(file.metadata).toEqual({ format: 'pt' });
    expect([...safetensorsToFloat32(file.tensors.get('x')!, 'x')]).toEqual([1.5, -2]);
    expect([...safetensorsToFloat32(file.tensors.get('y')!, 'y')]).toEqual([0.25, -4]);
    expect([...safetensorsToFloat32(file.tensors.get('z')!, 'z')]).toEqual([3, -0.5]);
  });

  it('refuses a truncated file', () => {
    const buf = encodeSafetensors(new Map([['x', { dtype: 'F32', shape: [4], data: Buffer.alloc(16) }]]));
    expect(() => parseSafetensors(buf.subarray(0, buf.length - 4))).toThrow(/runs past the end/);
  });
});

describe('malformed tensor infos', () => {
  it('reports a quantized row that is not whole blocks as a corrupt GGUF', async () => {
    const { verifyGgufFile } = await import('../../electron/model-files/verify');
    const { encodeGgufHeader } = await import('../../electron/model-files/writer');
    // Written as F32 [33], then the header's type field patched to Q8_0: 33 is not whole 32-blocks.
    const { header } = encodeGgufHeader(new Map([['general.architecture', kv.str('qwen2')]]), [{ name: 'w', dims: [33], type: GgmlType.F32 }]);
    const typeAt = header.lastIndexOf(Buffer.from('w')) + 1 + 4 + 8;
    expect(header.readUInt32LE(typeAt)).toBe(GgmlType.F32);
    header.writeUInt32LE(GgmlType.Q8_0, typeAt);
    const path = join(dir, 'odd-rows.gguf');
    await writeFile(path, Buffer.concat([header, Buffer.alloc(200)]));
    await expect(verifyGgufFile(path)).rejects.toMatchObject({ name: 'GgufFormatError', kind: 'corrupt' });
  });
});
