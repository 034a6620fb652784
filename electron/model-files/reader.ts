/**
 * GGUF v2/v3 header reader that keeps each metadata value's GGUF type. Checking, listing and
 * showing files go through node-llama-cpp's parser (file-info.ts); this one exists for the one
 * job that parser cannot do: copying metadata into a new GGUF with the exact types llama.cpp
 * expects (the Qwen2 tokenizer into the generated fixtures, a base model's metadata into its merge
 * with an adapter, merge-peft.ts), which plain JS values lose.
 */
import { open } from 'node:fs/promises';
import { GgufFormatError, OutOfDataError } from './errors';
import { checkGgufHeader } from './header-check';
import {
  GGUF_DEFAULT_ALIGNMENT,
  GGUF_MAGIC,
  GgufValueType,
  alignUp,
  type GgufHeader,
  type GgufScalar,
  type GgufTensorInfo,
  type GgufValue,
} from './types';

class Cursor {
  pos = 0;
  constructor(private readonly buf: Buffer) {}

  private need(n: number): number {
    const at = this.pos;
    if (at + n > this.buf.length) throw new OutOfDataError();
    this.pos += n;
    return at;
  }
  u8 = () => this.buf.readUInt8(this.need(1));
  i8 = () => this.buf.readInt8(this.need(1));
  u16 = () => this.buf.readUInt16LE(this.need(2));
  i16 = () => this.buf.readInt16LE(this.need(2));
  u32 = () => this.buf.readUInt32LE(this.need(4));
  i32 = () => this.buf.readInt32LE(this.need(4));
  f32 = () => this.buf.readFloatLE(this.need(4));
  f64 = () => this.buf.readDoubleLE(this.need(8));
  u64 = () => this.buf.readBigUInt64LE(this.need(8));
  i64 = () => this.buf.readBigInt64LE(this.need(8));
  /** A u64 that must fit a JS number (counts, lengths, offsets), read as two halves: no BigInt per string. */
  count(what: string): number {
    const low = this.u32();
    const high = this.u32();
    if (high >= 2 ** 21) throw new GgufFormatError('corrupt', `GGUF ${what} is implausibly large (${(BigInt(high) << 32n) + BigInt(low)})`);
    return high * 2 ** 32 + low;
  }
  /** UTF-8, invalid bytes as U+FFFD. */
  string(): string {
    const len = this.count('string length');
    const at = this.need(len);
    return this.buf.toString('utf8', at, at + len);
  }
}

function readScalar(c: Cursor, type: GgufValueType): GgufScalar {
  switch (type) {
    case GgufValueType.UINT8: return c.u8();
    case GgufValueType.INT8: return c.i8();
    case GgufValueType.UINT16: return c.u16();
    case GgufValueType.INT16: return c.i16();
    case GgufValueType.UINT32: return c.u32();
    case GgufValueType.INT32: return c.i32();
    case GgufValueType.FLOAT32: return c.f32();
    case GgufValueType.FLOAT64: return c.f64();
    case GgufValueType.UINT64: return c.u64();
    case GgufValueType.INT64: return c.i64();
    case GgufValueType.BOOL: return c.u8() !== 0;
    case GgufValueType.STRING: return c.string();
    default: throw new GgufFormatError('corrupt', `unknown GGUF metadata type ${type}`);
  }
}

function readValue(c: Cursor, type: number): GgufValue {
  if (type === GgufValueType.ARRAY) {
    const itemType = c.u32();
    const n = c.count('array length');
    if (itemType === GgufValueType.ARRAY) {
      const value: GgufValue[] = [];
      for (let i = 0; i < n; i++) value.push(readValue(c, c.u32()));
      return { type: GgufValueType.ARRAY, itemType, value };
    }
    const value: GgufScalar[] = new Array(n);
    for (let i = 0; i < n; i++) value[i] = readScalar(c, itemType);
    return { type: GgufValueType.ARRAY, itemType, value } as GgufValue;
  }
  return { type, value: readScalar(c, type) } as GgufValue;
}

/** Parses a header from the start of `buf`; throws OutOfDataError when `buf` is too short. */
export function parseGgufHeader(buf: Buffer): GgufHeader {
  const c = new Cursor(buf);
  if (buf.length >= 4 && buf.readUInt32LE(0) !== GGUF_MAGIC) {
    throw new GgufFormatError('not-gguf', 'not a GGUF file (the magic bytes are not "GGUF")');
  }
  c.u32();
  const version = c.u32();
  if (version !== 2 && version !== 3) {
    throw new GgufFormatError('unsupported-version', `unsupported GGUF version ${version} (2 and 3 are supported)`);
  }
  const tensorCount = c.count('tensor count');
  const kvCount = c.count('metadata count');
  const metadata = new Map<string, GgufValue>();
  for (let i = 0; i < kvCount; i++) {
    const key = c.string();
    metadata.set(key, readValue(c, c.u32()));
  }
  const tensors: GgufTensorInfo[] = [];
  for (let i = 0; i < tensorCount; i++) {
    const name = c.string();
    const nDims = c.u32();
    if (nDims > 8) throw new GgufFormatError('corrupt', `tensor ${name} has ${nDims} dimensions`);
    const dims: number[] = [];
    for (let d = 0; d < nDims; d++) dims.push(c.count('tensor dimension'));
    const type = c.u32();
    const offset = c.count('tensor offset');
    tensors.push({ name, dims, type, offset });
  }
  const alignmentValue = metadata.get('general.alignment');
  const alignment = alignmentValue && typeof alignmentValue.value === 'number' ? alignmentValue.value : GGUF_DEFAULT_ALIGNMENT;
  if (!Number.isInteger(alignment) || alignment <= 0 || (alignment & (alignment - 1)) !== 0) {
    throw new GgufFormatError('corrupt', `GGUF alignment ${alignment} is not a power of two`);
  }
  return { version, metadata, tensors, alignment, dataOffset: alignUp(c.pos, alignment) };
}

/**
 * Reads a GGUF file's header, after the bounded check (header-check.ts), which has confirmed where
 * the header ends and that the file holds it: one read of that size. A file that does not start
 * with the magic, or ends inside its header, is refused by the check with the field named.
 */
export async function readGgufHeader(path: string): Promise<GgufHeader & { fileSize: number }> {
  const { dataOffset, fileSize } = await checkGgufHeader(path);
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(Math.min(dataOffset, fileSize));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    try {
      return { ...parseGgufHeader(buf.subarray(0, bytesRead)), fileSize };
    } catch (err) {
      // Only when the file changed since the check.
      if (err instanceof OutOfDataError) throw new GgufFormatError('truncated', `truncated GGUF: the file (${fileSize} bytes) ends inside its header`);
      throw err;
    }
  } finally {
    await fh.close();
  }
}
