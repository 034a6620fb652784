/**
 * Writes hostile GGUF files byte by byte (the project's writer refuses to make them): headers whose
 * counts, lengths, nesting, alignment, tensor types or data offsets lie. Each case names the field
 * the bounded header check must name when it refuses the file.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GGUF_MAGIC, GgmlType, GgufValueType } from '../../electron/model-files/types';

class Bytes {
  private readonly parts: Buffer[] = [];
  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.parts.push(b);
    return this;
  }
  u64(v: bigint | number): this {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.parts.push(b);
    return this;
  }
  str(s: string): this {
    const b = Buffer.from(s, 'utf8');
    return this.u64(b.length).raw(b);
  }
  raw(b: Buffer): this {
    this.parts.push(b);
    return this;
  }
  /** Zero bytes up to a multiple of `n`. */
  pad(n: number): this {
    const length = this.length;
    return this.raw(Buffer.alloc((n - (length % n)) % n));
  }
  get length(): number {
    return this.parts.reduce((a, b) => a + b.length, 0);
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function header(tensors: bigint | number, keys: bigint | number): Bytes {
  return new Bytes().u32(GGUF_MAGIC).u32(3).u64(tensors).u64(keys);
}

function archKey(b: Bytes): Bytes {
  return b.str('general.architecture').u32(GgufValueType.STRING).str('qwen2');
}

interface Tensor {
  name: string;
  dims: number[];
  type: number;
  offset: number;
}

/** A small file: architecture (+ alignment if given), these tensor infos, then `dataBytes` of data. */
function withTensors(tensors: Tensor[], dataBytes: number, alignment?: number): Buffer {
  const b = archKey(header(tensors.length, alignment === undefined ? 1 : 2));
  if (alignment !== undefined) b.str('general.alignment').u32(GgufValueType.UINT32).u32(alignment);
  for (const t of tensors) {
    b.str(t.name).u32(t.dims.length);
    for (const d of t.dims) b.u64(d);
    b.u32(t.type).u64(t.offset);
  }
  // Padded to the alignment where it is a sane one (the check refuses the others before the data).
  const pad = alignment && (alignment & (alignment - 1)) === 0 && alignment <= 4096 ? alignment : 32;
  return b.pad(pad).raw(Buffer.alloc(dataBytes, 1)).done();
}

export interface CraftedCase {
  file: string;
  body: () => Buffer;
  /** What the refusal must say: the field, in the check's words. */
  field: RegExp;
}

const NESTING = 150_000;

export const CRAFTED_GGUFS: CraftedCase[] = [
  { file: 'tensors-2e63.gguf', body: () => header(1n << 63n, 0).raw(Buffer.alloc(100)).done(), field: /tensor count 9223372036854775808 is over the limit/ },
  { file: 'keys-2e50.gguf', body: () => header(0, 1n << 50n).raw(Buffer.alloc(100)).done(), field: /metadata key count 1125899906842624 is over the limit/ },
  {
    file: 'array-2e40.gguf',
    body: () => archKey(header(0, 2)).str('tokenizer.ggml.scores').u32(GgufValueType.ARRAY).u32(GgufValueType.UINT8).u64(1n << 40n).raw(Buffer.alloc(64)).done(),
    field: /array length of 'tokenizer\.ggml\.scores' 1099511627776 is over the limit/,
  },
  {
    file: 'nested-150000.gguf',
    body: () => {
      const b = archKey(header(0, 2)).str('general.tags').u32(GgufValueType.ARRAY);
      for (let i = 0; i < NESTING; i++) b.u32(GgufValueType.ARRAY).u64(1);
      return b.u32(GgufValueType.UINT8).u64(1).raw(Buffer.alloc(1)).done();
    },
    field: /metadata key 'general\.tags' is an array of arrays/,
  },
  {
    file: 'string-2e60.gguf',
    body: () => archKey(header(0, 2)).str('general.name').u32(GgufValueType.STRING).u64(1n << 60n).raw(Buffer.alloc(64)).done(),
    field: /string value of 'general\.name' length 1152921504606846976 is over the limit/,
  },
  { file: 'alignment-0.gguf', body: () => withTensors([{ name: 'w', dims: [8], type: GgmlType.F32, offset: 0 }], 32, 0), field: /general\.alignment 0 is not a power of two/ },
  { file: 'alignment-3.gguf', body: () => withTensors([{ name: 'w', dims: [8], type: GgmlType.F32, offset: 0 }], 32, 3), field: /general\.alignment 3 is not a power of two/ },
  { file: 'tensor-type-99.gguf', body: () => withTensors([{ name: 'w', dims: [8], type: 99, offset: 0 }], 32), field: /tensor 'w' has ggml type 99, which is no type ggml knows/ },
  {
    // Two F32 tensors of 64 elements (256 bytes each), the first labelled Q4_0 (36 bytes).
    file: 'mislabelled-q4_0.gguf',
    body: () =>
      withTensors(
        [
          { name: 'a', dims: [64], type: GgmlType.Q4_0, offset: 0 },
          { name: 'b', dims: [64], type: GgmlType.F32, offset: 256 },
        ],
        512,
      ),
    field: /tensor 'a' \(Q4_0, shape \[64\], 36 bytes\) takes 64 bytes with padding, but the next tensor, 'b', starts 256 bytes after it/,
  },
  {
    file: 'unaligned-offset.gguf',
    body: () =>
      withTensors(
        [
          { name: 'a', dims: [8], type: GgmlType.F32, offset: 0 },
          { name: 'b', dims: [8], type: GgmlType.F32, offset: 40 },
        ],
        96,
      ),
    field: /tensor 'b' has data offset 40, not a multiple of the alignment 32/,
  },
  {
    file: 'overlapping-offsets.gguf',
    body: () =>
      withTensors(
        [
          { name: 'a', dims: [16], type: GgmlType.F32, offset: 0 },
          { name: 'b', dims: [16], type: GgmlType.F32, offset: 32 },
        ],
        128,
      ),
    field: /tensor 'b' has data offset 32, inside the data of tensor 'a' \(F32, shape \[16\], 64 bytes\), which ends at 64/,
  },
];

/** More of llama.cpp's header rules, checked in-process only (each is one more refusal, not one more process). */
export const MORE_CRAFTED_GGUFS: CraftedCase[] = [
  { file: 'empty-key.gguf', body: () => header(0, 1).str('').u32(GgufValueType.UINT8).raw(Buffer.alloc(32)).done(), field: /metadata key 0 is empty/ },
  { file: 'long-key.gguf', body: () => header(0, 1).str('k'.repeat(300)).u32(GgufValueType.UINT8).raw(Buffer.alloc(32)).done(), field: /metadata key 0 is 300 bytes long, over the limit of 256/ },
  { file: 'duplicate-key.gguf', body: () => archKey(archKey(header(0, 2))).raw(Buffer.alloc(32)).done(), field: /metadata key 'general\.architecture' appears twice/ },
  { file: 'value-type-13.gguf', body: () => archKey(header(0, 2)).str('x').u32(13).raw(Buffer.alloc(32)).done(), field: /metadata key 'x' has value type 13, which GGUF does not define/ },
  {
    file: 'alignment-u64.gguf',
    body: () => archKey(header(0, 2)).str('general.alignment').u32(GgufValueType.UINT64).u64(32).raw(Buffer.alloc(32)).done(),
    field: /general\.alignment is a UINT64; GGUF requires a UINT32/,
  },
  { file: 'alignment-2e30.gguf', body: () => withTensors([{ name: 'w', dims: [8], type: GgmlType.F32, offset: 0 }], 32, 1 << 30), field: /general\.alignment 1073741824 is over the limit of 1048576/ },
  { file: 'long-name.gguf', body: () => withTensors([{ name: 'n'.repeat(64), dims: [8], type: GgmlType.F32, offset: 0 }], 32), field: /the name of tensor 0 is 64 bytes long; llama\.cpp allows at most 63/ },
  {
    file: 'duplicate-tensor.gguf',
    body: () =>
      withTensors(
        [
          { name: 'w', dims: [8], type: GgmlType.F32, offset: 0 },
          { name: 'w', dims: [8], type: GgmlType.F32, offset: 32 },
        ],
        64,
      ),
    field: /tensor name 'w' appears twice/,
  },
  { file: 'five-dims.gguf', body: () => withTensors([{ name: 'w', dims: [1, 1, 1, 1, 8], type: GgmlType.F32, offset: 0 }], 32), field: /tensor 'w' has 5 dimensions; llama\.cpp allows at most 4/ },
  { file: 'partial-block.gguf', body: () => withTensors([{ name: 'w', dims: [40], type: GgmlType.Q8_0, offset: 0 }], 64), field: /tensor 'w' is Q8_0 with rows of 40 elements, not a whole number of its 32-element blocks/ },
  {
    file: 'huge-shape.gguf',
    body: () => withTensors([{ name: 'w', dims: [2 ** 32, 2 ** 32], type: GgmlType.F32, offset: 0 }], 32),
    field: /tensor 'w' of shape \[4294967296, 4294967296\.\.\.\] has more than 2\^63 elements/,
  },
  { file: 'data-past-end.gguf', body: () => withTensors([{ name: 'w', dims: [1024], type: GgmlType.F32, offset: 0 }], 32), field: /truncated GGUF: its tensors need \d+ bytes, the file has \d+/ },
  {
    // The check skips vocabulary strings without an await while their length is in its window; a
    // bad one falls back to the read that names it.
    file: 'token-2e40.gguf',
    body: () => archKey(header(0, 2)).str('tokenizer.ggml.tokens').u32(GgufValueType.ARRAY).u32(GgufValueType.STRING).u64(2).str('a').u64(1n << 40n).raw(Buffer.alloc(64)).done(),
    field: /item 1 of 'tokenizer\.ggml\.tokens' length 1099511627776 is over the limit/,
  },
  {
    file: 'token-past-end.gguf',
    body: () => archKey(header(0, 2)).str('tokenizer.ggml.tokens').u32(GgufValueType.ARRAY).u32(GgufValueType.STRING).u64(2).str('a').u64(1000).raw(Buffer.alloc(64)).done(),
    field: /truncated GGUF: the item 1 of 'tokenizer\.ggml\.tokens' \(1000 bytes\) runs past the end of the file/,
  },
  { file: 'first-offset-gap.gguf', body: () => withTensors([{ name: 'w', dims: [8], type: GgmlType.F32, offset: 64 }], 128), field: /tensor 'w' has data offset 64; the first tensor's data starts at offset 0/ },
];

/** Writes every case into `dir`; returns their paths in CRAFTED_GGUFS order. */
export async function writeCraftedGgufs(dir: string): Promise<string[]> {
  const paths: string[] = [];
  for (const c of CRAFTED_GGUFS) {
    const path = join(dir, c.file);
    await writeFile(path, c.body());
    paths.push(path);
  }
  return paths;
}
