/**
 * safetensors read/write: an 8-byte little-endian header length, a JSON header naming each tensor's
 * dtype, shape (row-major, outermost first) and data_offsets, then the raw little-endian data.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { decodeTensorData } from './numeric';
import { GgmlType } from './types';

export type SafetensorsDtype = 'F32' | 'F16' | 'BF16' | 'F64' | 'I64' | 'I32' | 'I16' | 'I8' | 'U8' | 'BOOL';

const dtypeBytes: Record<SafetensorsDtype, number> = { F64: 8, I64: 8, F32: 4, I32: 4, F16: 2, BF16: 2, I16: 2, I8: 1, U8: 1, BOOL: 1 };

export interface SafetensorsTensor {
  dtype: SafetensorsDtype | string;
  /** Row-major, outermost dimension first (PyTorch order). */
  shape: number[];
  data: Buffer;
}

export interface SafetensorsFile {
  tensors: Map<string, SafetensorsTensor>;
  metadata: Record<string, string>;
}

export class SafetensorsFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SafetensorsFormatError';
  }
}

export function parseSafetensors(buf: Buffer, source = 'safetensors file'): SafetensorsFile {
  if (buf.length < 8) throw new SafetensorsFormatError(`${source} is too short to be a safetensors file`);
  const headerLength = buf.readBigUInt64LE(0);
  if (headerLength > BigInt(buf.length - 8)) throw new SafetensorsFormatError(`${source}: the header length (${headerLength}) runs past the end of the file; truncated or not a safetensors file`);
  const dataStart = 8 + Number(headerLength);
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(buf.subarray(8, dataStart).toString('utf-8')) as Record<string, unknown>;
  } catch {
    throw new SafetensorsFormatError(`${source}: the header is not JSON; not a safetensors file`);
  }
  const tensors = new Map<string, SafetensorsTensor>();
  let metadata: Record<string, string> = {};
  for (const [name, entry] of Object.entries(header)) {
    if (name === '__metadata__') {
      metadata = entry as Record<string, string>;
      continue;
    }
    const { dtype, shape, data_offsets } = entry as { dtype: string; shape: number[]; data_offsets: [number, number] };
    if (typeof dtype !== 'string' || !Array.isArray(shape) || !Array.isArray(data_offsets) || data_offsets.length !== 2) {
      throw new SafetensorsFormatError(`${source}: tensor ${name} has a malformed header entry`);
    }
    const [begin, end] = data_offsets;
    if (begin > end || dataStart + end > buf.length) throw new SafetensorsFormatError(`${source}: tensor ${name} runs past the end of the file (truncated?)`);
    const size = dtypeBytes[dtype as SafetensorsDtype];
    const elements = shape.reduce((a, b) => a * b, 1);
    if (size !== undefined && elements * size !== end - begin) {
      throw new SafetensorsFormatError(`${source}: tensor ${name} holds ${end - begin} bytes, its shape [${shape}] of ${dtype} needs ${elements * size}`);
    }
    tensors.set(name, { dtype, shape, data: buf.subarray(dataStart + begin, dataStart + end) });
  }
  return { tensors, metadata };
}

export async function readSafetensors(path: string): Promise<SafetensorsFile> {
  return parseSafetensors(await readFile(path), path);
}

export function encodeSafetensors(tensors: Map<string, SafetensorsTensor>, metadata: Record<string, string> = {}): Buffer {
  const header: Record<string, unknown> = {};
  if (Object.keys(metadata).length) header.__metadata__ = metadata;
  let offset = 0;
  for (const [name, t] of tensors) {
    header[name] = { dtype: t.dtype, shape: t.shape, data_offsets: [offset, offset + t.data.length] };
    offset += t.data.length;
  }
  let json = Buffer.from(JSON.stringify(header), 'utf-8');
  // Pad the header with spaces to 8 bytes, as the reference implementation does, so data is aligned.
  const padded = Math.ceil(json.length / 8) * 8;
  json = Buffer.concat([json, Buffer.alloc(padded - json.length, 0x20)]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([length, json, ...[...tensors.values()].map((t) => t.data)]);
}

export async function writeSafetensors(path: string, tensors: Map<string, SafetensorsTensor>, metadata?: Record<string, string>): Promise<void> {
  await writeFile(path, encodeSafetensors(tensors, metadata));
}

const SAFETENSORS_GGML: Partial<Record<string, GgmlType>> = { F32: GgmlType.F32, F16: GgmlType.F16, BF16: GgmlType.BF16 };

/** The tensor's values as float32 (F32, F16 and BF16; BF16 converts exactly). */
export function safetensorsToFloat32(tensor: SafetensorsTensor, name: string): Float32Array {
  const type = SAFETENSORS_GGML[tensor.dtype];
  if (type === undefined) throw new SafetensorsFormatError(`tensor ${name} is ${tensor.dtype}; only F32, F16 and BF16 tensors can be converted`);
  return decodeTensorData(type, tensor.data, tensor.data.length / dtypeBytes[tensor.dtype as SafetensorsDtype]);
}
