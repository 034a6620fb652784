/**
 * GGUF v3 writer. Tensor data may be given lazily, so a 500 MB model is produced tensor by tensor
 * without holding it all in memory.
 */
import { open, rm } from 'node:fs/promises';
import { commitFile } from '../services/files/atomic-write';
import { GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, GGUF_VERSION, GgufValueType, alignUp, tensorByteSize, type GgufScalar, type GgufValue } from './types';

export interface GgufTensorSource {
  name: string;
  /** Innermost dimension first (GGUF order): a PyTorch [out, in] weight is [in, out] here. */
  dims: number[];
  type: number;
  /** The encoded bytes, or a function producing them when the writer reaches this tensor. */
  data: Buffer | (() => Buffer);
}

class ByteSink {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer) {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  u64(v: number | bigint) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  string(s: string) {
    const bytes = Buffer.from(s, 'utf-8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  scalar(type: GgufValueType, v: GgufScalar) {
    const b = Buffer.alloc(8);
    switch (type) {
      case GgufValueType.UINT8: b.writeUInt8(v as number); return this.push(b.subarray(0, 1));
      case GgufValueType.INT8: b.writeInt8(v as number); return this.push(b.subarray(0, 1));
      case GgufValueType.UINT16: b.writeUInt16LE(v as number); return this.push(b.subarray(0, 2));
      case GgufValueType.INT16: b.writeInt16LE(v as number); return this.push(b.subarray(0, 2));
      case GgufValueType.UINT32: b.writeUInt32LE(v as number); return this.push(b.subarray(0, 4));
      case GgufValueType.INT32: b.writeInt32LE(v as number); return this.push(b.subarray(0, 4));
      case GgufValueType.FLOAT32: b.writeFloatLE(v as number); return this.push(b.subarray(0, 4));
      case GgufValueType.FLOAT64: b.writeDoubleLE(v as number); return this.push(b);
      case GgufValueType.UINT64: b.writeBigUInt64LE(BigInt(v as bigint)); return this.push(b);
      case GgufValueType.INT64: b.writeBigInt64LE(BigInt(v as bigint)); return this.push(b);
      case GgufValueType.BOOL: b.writeUInt8(v ? 1 : 0); return this.push(b.subarray(0, 1));
      case GgufValueType.STRING: return this.string(v as string);
      default: throw new Error(`cannot write GGUF metadata type ${type}`);
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
  concat(): Buffer {
    return Buffer.concat(this.chunks, this.length);
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
  return { header: sink.concat(), sizes, alignment };
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
