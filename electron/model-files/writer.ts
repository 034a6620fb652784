/**
 * GGUF v3 writer. Tensor data may be given lazily, so a 500 MB model is produced tensor by tensor
 * without holding it all in memory.
 */
import { open, rm } from 'node:fs/promises';
import { commitFile } from '../services/platform/atomic-write';
import { GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, GGUF_SCALAR_BYTES, GGUF_VERSION, GgufValueType, alignUp, tensorByteSize, type GgufScalar, type GgufValue } from './types';

export interface GgufTensorSource {
  name: string;
  /** Innermost dimension first (GGUF order): a PyTorch [out, in] weight is [in, out] here. */
  dims: number[];
  type: number;
  /** The encoded bytes, or a function producing them when the writer reaches this tensor. */
  data: Buffer | (() => Buffer);
}

/**
 * Bytes appended to one buffer that doubles when full. A header holds about 600,000 values (a
 * vocabulary, its token types and merges): a Buffer for each took half a second to encode.
 */
class ByteSink {
  private buf = Buffer.alloc(1 << 16);
  length = 0;

  /** Makes room for `n` more bytes; returns where they go. Call before reading `this.buf`: it may be replaced. */
  private take(n: number): number {
    if (this.length + n > this.buf.length) {
      const grown = Buffer.alloc(Math.max(this.buf.length * 2, this.length + n));
      this.buf.copy(grown, 0, 0, this.length);
      this.buf = grown;
    }
    const at = this.length;
    this.length += n;
    return at;
  }
  push(b: Buffer) {
    const at = this.take(b.length);
    b.copy(this.buf, at);
  }
  u32(v: number) {
    const at = this.take(4);
    this.buf.writeUInt32LE(v, at);
  }
  u64(v: number | bigint) {
    const at = this.take(8);
    this.buf.writeBigUInt64LE(BigInt(v), at);
  }
  string(s: string) {
    const n = Buffer.byteLength(s, 'utf-8');
    this.u64(n);
    const at = this.take(n);
    this.buf.write(s, at, n, 'utf-8');
  }
  scalar(type: GgufValueType, v: GgufScalar) {
    if (type === GgufValueType.STRING) return this.string(v as string);
    const size = GGUF_SCALAR_BYTES[type];
    if (size === undefined) throw new Error(`cannot write GGUF metadata type ${type}`);
    const at = this.take(size);
    const b = this.buf;
    switch (type) {
      case GgufValueType.UINT8: return void b.writeUInt8(v as number, at);
      case GgufValueType.INT8: return void b.writeInt8(v as number, at);
      case GgufValueType.UINT16: return void b.writeUInt16LE(v as number, at);
      case GgufValueType.INT16: return void b.writeInt16LE(v as number, at);
      case GgufValueType.UINT32: return void b.writeUInt32LE(v as number, at);
      case GgufValueType.INT32: return void b.writeInt32LE(v as number, at);
      case GgufValueType.FLOAT32: return void b.writeFloatLE(v as number, at);
      case GgufValueType.FLOAT64: return void b.writeDoubleLE(v as number, at);
      case GgufValueType.UINT64: return void b.writeBigUInt64LE(BigInt(v as bigint), at);
      case GgufValueType.INT64: return void b.writeBigInt64LE(BigInt(v as bigint), at);
      case GgufValueType.BOOL: return void b.writeUInt8(v ? 1 : 0, at);
    }
  }
  value(v: GgufValue) {
    this.u32(v.type);
    if (v.type !== GgufValueType.ARRAY) return this.scalar(v.type, v.value);
    this.u32(v.itemType);
    this.u64(v.value.length);
    for (const item of v.value) {
      if (v.itemType === GgufValueType.ARRAY) this.value(item as GgufValue);
      else this.scalar(v.itemType, item as GgufScalar);
    }
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

/** Encodes everything before the tensor data: header, metadata, tensor infos, padding. */
export function encodeGgufHeader(metadata: Map<string, GgufValue>, tensors: readonly Omit<GgufTensorSource, 'data'>[]) {
  const alignmentValue = metadata.get('general.alignment');
  const alignment = alignmentValue && typeof alignmentValue.value === 'number' ? alignmentValue.value : GGUF_DEFAULT_ALIGNMENT;
  const sink = new ByteSink();
  sink.u32(GGUF_MAGIC);
  sink.u32(GGUF_VERSION);
  sink.u64(tensors.length);
  sink.u64(metadata.size);
  for (const [key, value] of metadata) {
    sink.string(key);
    sink.value(value);
  }
  const sizes: number[] = [];
  let offset = 0;
  for (const t of tensors) {
    const size = tensorByteSize(t.type, t.dims);
    if (size === undefined) throw new Error(`cannot write tensor ${t.name}: unknown ggml type ${t.type}`);
    sink.string(t.name);
    sink.u32(t.dims.length);
    for (const d of t.dims) sink.u64(d);
    sink.u32(t.type);
    sink.u64(offset);
    sizes.push(size);
    offset = alignUp(offset + size, alignment);
  }
  const headerLength = alignUp(sink.length, alignment);
  sink.push(Buffer.alloc(headerLength - sink.length));
  return { header: sink.bytes(), sizes, alignment };
}

export async function writeGguf(path: string, metadata: Map<string, GgufValue>, tensors: readonly GgufTensorSource[]): Promise<void> {
  const names = new Set<string>();
  for (const t of tensors) {
    if (names.has(t.name)) throw new Error(`duplicate tensor name ${t.name}`);
    names.add(t.name);
  }
  const { header, sizes, alignment } = encodeGgufHeader(metadata, tensors);
  const fh = await open(path, 'w');
  try {
    await fh.write(header);
    for (const [i, t] of tensors.entries()) {
      const data = typeof t.data === 'function' ? t.data() : t.data;
      if (data.length !== sizes[i]) throw new Error(`tensor ${t.name}: ${data.length} bytes given, its shape and type need ${sizes[i]}`);
      await fh.write(data);
      const pad = alignUp(data.length, alignment) - data.length;
      if (pad) await fh.write(Buffer.alloc(pad));
    }
  } finally {
    await fh.close();
  }
}

/** Writes beside the target and renames, so a failure never leaves half a file or damages an old one. */
export async function writeGgufAtomically(path: string, metadata: Map<string, GgufValue>, tensors: readonly GgufTensorSource[]): Promise<void> {
  const partial = `${path}.partial`;
  try {
    await writeGguf(partial, metadata, tensors);
    await commitFile(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}
