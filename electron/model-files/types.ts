/**
 * GGUF v3 vocabulary: metadata value types, ggml tensor types and the sizes the format needs.
 * See llama.cpp's ggml/include/gguf.h and ggml/src/ggml.c (type traits).
 */
import { GgufFormatError } from './errors';

export const GGUF_MAGIC = 0x46554747; // "GGUF" read as a little-endian u32
export const GGUF_VERSION = 3;
export const GGUF_DEFAULT_ALIGNMENT = 32;

export enum GgufValueType {
  UINT8 = 0,
  INT8 = 1,
  UINT16 = 2,
  INT16 = 3,
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
  UINT64 = 10,
  INT64 = 11,
  FLOAT64 = 12,
}

/** Bytes of each fixed-size metadata type (strings and arrays have none). */
export const GGUF_SCALAR_BYTES: Partial<Record<GgufValueType, number>> = {
  [GgufValueType.UINT8]: 1,
  [GgufValueType.INT8]: 1,
  [GgufValueType.BOOL]: 1,
  [GgufValueType.UINT16]: 2,
  [GgufValueType.INT16]: 2,
  [GgufValueType.UINT32]: 4,
  [GgufValueType.INT32]: 4,
  [GgufValueType.FLOAT32]: 4,
  [GgufValueType.UINT64]: 8,
  [GgufValueType.INT64]: 8,
  [GgufValueType.FLOAT64]: 8,
};

/** ggml's tensor types (ggml.h); the numbers it removed (4, 5, 31-33, 36-38) are no type. */
export enum GgmlType {
  F32 = 0,
  F16 = 1,
  Q4_0 = 2,
  Q4_1 = 3,
  Q5_0 = 6,
  Q5_1 = 7,
  Q8_0 = 8,
  Q8_1 = 9,
  Q2_K = 10,
  Q3_K = 11,
  Q4_K = 12,
  Q5_K = 13,
  Q6_K = 14,
  Q8_K = 15,
  IQ2_XXS = 16,
  IQ2_XS = 17,
  IQ3_XXS = 18,
  IQ1_S = 19,
  IQ4_NL = 20,
  IQ3_S = 21,
  IQ2_S = 22,
  IQ4_XS = 23,
  I8 = 24,
  I16 = 25,
  I32 = 26,
  I64 = 27,
  F64 = 28,
  IQ1_M = 29,
  BF16 = 30,
  TQ1_0 = 34,
  TQ2_0 = 35,
  MXFP4 = 39,
  NVFP4 = 40,
  Q1_0 = 41,
  Q2_0 = 42,
}

/**
 * Elements per block and bytes per block, as in ggml's type traits (ggml.c; the block structs of
 * ggml-common.h, measured with sizeof). Every type of GgmlType has its entry.
 */
const blockLayout: Record<GgmlType, { blockSize: number; typeSize: number }> = {
  [GgmlType.F32]: { blockSize: 1, typeSize: 4 },
  [GgmlType.F16]: { blockSize: 1, typeSize: 2 },
  [GgmlType.BF16]: { blockSize: 1, typeSize: 2 },
  [GgmlType.F64]: { blockSize: 1, typeSize: 8 },
  [GgmlType.I8]: { blockSize: 1, typeSize: 1 },
  [GgmlType.I16]: { blockSize: 1, typeSize: 2 },
  [GgmlType.I32]: { blockSize: 1, typeSize: 4 },
  [GgmlType.I64]: { blockSize: 1, typeSize: 8 },
  [GgmlType.Q4_0]: { blockSize: 32, typeSize: 18 },
  [GgmlType.Q4_1]: { blockSize: 32, typeSize: 20 },
  [GgmlType.Q5_0]: { blockSize: 32, typeSize: 22 },
  [GgmlType.Q5_1]: { blockSize: 32, typeSize: 24 },
  [GgmlType.Q8_0]: { blockSize: 32, typeSize: 34 },
  [GgmlType.Q8_1]: { blockSize: 32, typeSize: 36 },
  [GgmlType.Q2_K]: { blockSize: 256, typeSize: 84 },
  [GgmlType.Q3_K]: { blockSize: 256, typeSize: 110 },
  [GgmlType.Q4_K]: { blockSize: 256, typeSize: 144 },
  [GgmlType.Q5_K]: { blockSize: 256, typeSize: 176 },
  [GgmlType.Q6_K]: { blockSize: 256, typeSize: 210 },
  [GgmlType.Q8_K]: { blockSize: 256, typeSize: 292 },
  [GgmlType.IQ2_XXS]: { blockSize: 256, typeSize: 66 },
  [GgmlType.IQ2_XS]: { blockSize: 256, typeSize: 74 },
  [GgmlType.IQ3_XXS]: { blockSize: 256, typeSize: 98 },
  [GgmlType.IQ1_S]: { blockSize: 256, typeSize: 50 },
  [GgmlType.IQ4_NL]: { blockSize: 32, typeSize: 18 },
  [GgmlType.IQ3_S]: { blockSize: 256, typeSize: 110 },
  [GgmlType.IQ2_S]: { blockSize: 256, typeSize: 82 },
  [GgmlType.IQ4_XS]: { blockSize: 256, typeSize: 136 },
  [GgmlType.IQ1_M]: { blockSize: 256, typeSize: 56 },
  [GgmlType.TQ1_0]: { blockSize: 256, typeSize: 54 },
  [GgmlType.TQ2_0]: { blockSize: 256, typeSize: 66 },
  [GgmlType.MXFP4]: { blockSize: 32, typeSize: 17 },
  [GgmlType.NVFP4]: { blockSize: 64, typeSize: 36 },
  [GgmlType.Q1_0]: { blockSize: 128, typeSize: 18 },
  [GgmlType.Q2_0]: { blockSize: 64, typeSize: 18 },
};

/** A ggml type's block layout; undefined for a number that is no ggml type. */
export function ggmlBlockLayout(type: number): { blockSize: number; typeSize: number } | undefined {
  return Object.hasOwn(blockLayout, type) ? blockLayout[type as GgmlType] : undefined;
}

/**
 * Bytes a tensor of this type and shape occupies, or undefined for a type this code does not know
 * (a reader then cannot check that the data fits, but must not refuse the file for it).
 */
export function tensorByteSize(type: number, dims: readonly number[]): number | undefined {
  const layout = ggmlBlockLayout(type);
  if (!layout) return undefined;
  const elements = dims.reduce((a, b) => a * b, 1);
  const rowElements = dims[0] ?? 1;
  if (rowElements % layout.blockSize !== 0) {
    throw new GgufFormatError('corrupt', `a row of ${rowElements} elements is not a whole number of ${GgmlType[type]} blocks (${layout.blockSize})`);
  }
  return (elements / layout.blockSize) * layout.typeSize;
}

export function alignUp(n: number, alignment: number): number {
  return Math.ceil(n / alignment) * alignment;
}

/** A metadata value with its GGUF type, so a file can be rewritten without losing types. */
export type GgufValue =
  | { type: GgufValueType.STRING; value: string }
  | { type: GgufValueType.BOOL; value: boolean }
  | { type: GgufValueType.UINT64 | GgufValueType.INT64; value: bigint }
  | {
      type:
        | GgufValueType.UINT8
        | GgufValueType.INT8
        | GgufValueType.UINT16
        | GgufValueType.INT16
        | GgufValueType.UINT32
        | GgufValueType.INT32
        | GgufValueType.FLOAT32
        | GgufValueType.FLOAT64;
      value: number;
    }
  | { type: GgufValueType.ARRAY; itemType: Exclude<GgufValueType, GgufValueType.ARRAY>; value: GgufScalar[] }
  /** Nested arrays occur in the spec but in no file this project reads; kept opaque. */
  | { type: GgufValueType.ARRAY; itemType: GgufValueType.ARRAY; value: GgufValue[] };

export type GgufScalar = string | number | bigint | boolean;

export interface GgufTensorInfo {
  name: string;
  /** Innermost dimension first, as GGUF stores them. */
  dims: number[];
  type: number;
  /** Offset from the start of the tensor data section. */
  offset: number;
}

export interface GgufHeader {
  version: number;
  metadata: Map<string, GgufValue>;
  tensors: GgufTensorInfo[];
  alignment: number;
  /** Absolute file offset where tensor data starts. */
  dataOffset: number;
}

/** Helpers to build typed metadata values tersely. */
export const kv = {
  str: (value: string): GgufValue => ({ type: GgufValueType.STRING, value }),
  u32: (value: number): GgufValue => ({ type: GgufValueType.UINT32, value }),
  i32: (value: number): GgufValue => ({ type: GgufValueType.INT32, value }),
  f32: (value: number): GgufValue => ({ type: GgufValueType.FLOAT32, value }),
  bool: (value: boolean): GgufValue => ({ type: GgufValueType.BOOL, value }),
  strings: (value: string[]): GgufValue => ({ type: GgufValueType.ARRAY, itemType: GgufValueType.STRING, value }),
};

/** The plain JS value of a metadata entry (arrays become arrays of scalars). */
export function plainValue(v: GgufValue | undefined): unknown {
  if (!v) return undefined;
  if (v.type === GgufValueType.ARRAY && v.itemType === GgufValueType.ARRAY) return v.value.map(plainValue);
  return v.value;
}
