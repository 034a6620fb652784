/**
 * Number formats GGUF tensors use: IEEE half (F16), bfloat16 and ggml's Q8_0 blocks.
 * Pure functions over typed arrays so they are easy to test against known bit patterns.
 */
import { GgmlType } from './types';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** float32 -> IEEE binary16 bits, round to nearest even (as ggml's GGML_FP32_TO_FP16 does). */
export function f32ToF16Bits(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0); // Inf / NaN
  const e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00; // overflow -> Inf
  if (e <= 0) {
    // Subnormal half (or zero): shift the implicit 1 in and round.
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let half = mant >>> shift;
    const rem = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    if (rem > mid || (rem === mid && (half & 1))) half++;
    return sign | half;
  }
  let half = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && (half & 1))) half++; // a carry into the exponent is still correct
  return sign | half;
}

export function f16BitsToF32(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

let f16Table: Float32Array | undefined;

/**
 * The value of every half bit pattern, from f16BitsToF32 (each is exact in float32). Decoding an
 * F16 tensor looks its values up here: the power in f16BitsToF32 is most of the time a merge
 * spends reading a model (Qwen2-0.5B's embeddings alone are 136M halves).
 */
export function f16Values(): Float32Array {
  return (f16Table ??= Float32Array.from({ length: 0x10000 }, (_, h) => f16BitsToF32(h)));
}

export function bf16BitsToF32(b: number): number {
  u32[0] = (b & 0xffff) << 16;
  return f32[0]!;
}

/** float32 -> bfloat16 bits, round to nearest even. */
export function f32ToBf16Bits(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  if ((x & 0x7fffffff) > 0x7f800000) return ((x >>> 16) | 0x40) & 0xffff; // keep NaN a NaN
  return ((x + 0x7fff + ((x >>> 16) & 1)) >>> 16) & 0xffff;
}

export function encodeF32(values: Float32Array): Buffer {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

export function encodeBf16(values: Float32Array): Buffer {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = f32ToBf16Bits(values[i]!);
  return Buffer.from(out.buffer);
}

export function encodeF16(values: Float32Array): Buffer {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = f32ToF16Bits(values[i]!);
  return Buffer.from(out.buffer); // typed arrays are little-endian on every platform Node runs on
}

export const Q8_0_BLOCK = 32;
export const Q8_0_BLOCK_BYTES = 34;

/**
 * ggml's Q8_0: per block of 32 values, an f16 scale d = max|x| / 127 and 32 int8 q = round(x / d).
 * Same arithmetic as quantize_row_q8_0_ref in ggml-quants.c.
 */
export function encodeQ8_0(values: Float32Array): Buffer {
  if (values.length % Q8_0_BLOCK !== 0) throw new Error(`Q8_0 needs a multiple of ${Q8_0_BLOCK} values, got ${values.length}`);
  const blocks = values.length / Q8_0_BLOCK;
  const out = Buffer.alloc(blocks * Q8_0_BLOCK_BYTES);
  const q = new Int8Array(out.buffer, out.byteOffset, out.length);
  for (let b = 0; b < blocks; b++) {
    const base = b * Q8_0_BLOCK;
    let amax = 0;
    for (let j = 0; j < Q8_0_BLOCK; j++) amax = Math.max(amax, Math.abs(values[base + j]!));
    const d = amax / 127;
    const id = d ? 1 / d : 0;
    const at = b * Q8_0_BLOCK_BYTES;
    out.writeUInt16LE(f32ToF16Bits(d), at);
    for (let j = 0; j < Q8_0_BLOCK; j++) {
      const x = values[base + j]! * id;
      q[at + 2 + j] = x < 0 ? -Math.round(-x) : Math.round(x); // roundf: halves away from zero
    }
  }
  return out;
}

/** Encodes float values as the given ggml type (F32, F16, BF16 or Q8_0: the types this project writes). */
export function encodeTensorData(type: GgmlType, values: Float32Array): Buffer {
  switch (type) {
    case GgmlType.F32: return encodeF32(values);
    case GgmlType.F16: return encodeF16(values);
    case GgmlType.BF16: return encodeBf16(values);
    case GgmlType.Q8_0: return encodeQ8_0(values);
    default: throw new Error(`writing ${GgmlType[type] ?? type} tensors is not supported`);
  }
}

export function decodeQ8_0(data: Buffer, count: number): Float32Array {
  const out = new Float32Array(count);
  for (let b = 0; b < count / Q8_0_BLOCK; b++) {
    const at = b * Q8_0_BLOCK_BYTES;
    const d = f16BitsToF32(data.readUInt16LE(at));
    for (let j = 0; j < Q8_0_BLOCK; j++) out[b * Q8_0_BLOCK + j] = d * data.readInt8(at + 2 + j);
  }
  return out;
}

/** The ggml types this project can both read and write back (what a merge can requantize to). */
export const FLOAT_CODEC_TYPES: readonly GgmlType[] = [GgmlType.F32, GgmlType.F16, GgmlType.BF16, GgmlType.Q8_0];

/** Decodes `count` values of a tensor stored as F32, F16, BF16 or Q8_0. */
export function decodeTensorData(type: GgmlType, data: Buffer, count: number): Float32Array {
  switch (type) {
    case GgmlType.F32: {
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = data.readFloatLE(i * 4);
      return out;
    }
    case GgmlType.F16: {
      const table = f16Values();
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = table[data.readUInt16LE(i * 2)]!;
      return out;
    }
    case GgmlType.BF16: {
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = bf16BitsToF32(data.readUInt16LE(i * 2));
      return out;
    }
    case GgmlType.Q8_0: return decodeQ8_0(data, count);
    default: throw new Error(`reading ${GgmlType[type] ?? type} tensors is not supported`);
  }
}
