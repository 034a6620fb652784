/**
 * The first look at any GGUF, before node-llama-cpp's reader, this folder's reader or llama.cpp
 * sees it. Those readers trust the header's counts and lengths: a 124-byte file claiming 2^63
 * tensors or an array of 2^40 bytes makes them loop or allocate until the process dies. Here every
 * count, length, type and offset is checked against a limit and against the bytes the file has
 * left before anything is read or allocated for it, and the file is read in one small window:
 * what a value claims to hold is skipped, never loaded. The rules are llama.cpp's own (gguf.cpp:
 * no nested arrays, a u32 power-of-two alignment, known tensor types, at most 4 dimensions, names
 * under 64 bytes, each tensor's data right after the previous one's, padded), so a file that
 * passes here is one llama.cpp can read.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { GgufFormatError } from './errors';
import { GGUF_DEFAULT_ALIGNMENT, GGUF_MAGIC, GGUF_SCALAR_BYTES as SCALAR_BYTES, GgmlType, GgufValueType, ggmlBlockLayout } from './types';

/** Limits far above any real model (Qwen2-0.5B: 291 tensors, 26 keys, a 151,936-token vocabulary). */
export const GGUF_HEADER_LIMITS = {
  tensors: 65_536,
  metadataKeys: 65_536,
  /** Bytes of one metadata key (real keys are under 64). */
  keyBytes: 256,
  /** Items of one metadata array (a vocabulary or its merges). */
  arrayItems: 1 << 24,
  /** String items across all arrays: the one part of a header read item by item. */
  totalStringItems: 1 << 25,
  /** Bytes of one string value: llama.cpp's GGUF_MAX_STRING_LENGTH. */
  stringBytes: 1 << 30,
  /** llama.cpp's GGML_MAX_DIMS and GGML_MAX_NAME (the name and its NUL). */
  dimensions: 4,
  tensorNameBytes: 63,
  alignment: 1 << 20,
} as const;

/** What the rest of the code may rely on once a header passed. */
export interface CheckedGgufHeader {
  version: number;
  fileSize: number;
  tensorCount: number;
  metadataCount: number;
  alignment: number;
  /** Absolute offset of the tensor data section. */
  dataOffset: number;
  /** Where the last tensor's data ends (0 without tensors). */
  dataEnd: number;
}

const WINDOW = 64 * 1024;
const INT64_MAX = (1n << 63n) - 1n;
const STRING_BYTES_LIMIT = BigInt(GGUF_HEADER_LIMITS.stringBytes);
/** Smallest encodings, to refuse a count the rest of the file cannot hold before looping over it. */
const MIN_PAIR_BYTES = 8 + 1 + 4 + 1; // key length, a 1-byte key, type, a 1-byte value
const MIN_TENSOR_INFO_BYTES = 8 + 4 + 4 + 8; // name length, dimension count, type, offset

function corrupt(message: string): GgufFormatError {
  return new GgufFormatError('corrupt', message);
}

function typeName(type: number): string {
  return GgufValueType[type] ?? String(type);
}

/**
 * What a read is of, for the message when the file ends first: a string, or a function that makes
 * it, for the reads done once per vocabulary item (151,936 in Qwen2), where building each name
 * cost more than the read.
 */
type What = string | (() => string);
const named = (what: What) => (typeof what === 'string' ? what : what());

/** A read-only window over the file: primitives are read from it, skipped bytes never are. */
class Window {
  pos = 0;
  private readonly buf = Buffer.alloc(WINDOW);
  private start = 0;
  private length = 0;

  constructor(
    private readonly fh: FileHandle,
    readonly size: number,
  ) {}

  get remaining(): number {
    return this.size - this.pos;
  }

  has(n: number): boolean {
    return this.pos >= this.start && this.pos + n <= this.start + this.length;
  }

  /** Makes `n` (at most WINDOW) bytes at the position readable; `what` names them when the file ends first. */
  async fill(n: number, what: What): Promise<void> {
    if (n > this.remaining) throw new GgufFormatError('truncated', `truncated GGUF: the file (${this.size} bytes) ends inside its header, at the ${named(what)}`);
    const { bytesRead } = await this.fh.read(this.buf, 0, WINDOW, this.pos);
    this.start = this.pos;
    this.length = bytesRead;
    if (bytesRead < n) throw new GgufFormatError('truncated', `truncated GGUF: the file ends inside its header, at the ${named(what)}`);
  }

  async u32(what: string): Promise<number> {
    if (!this.has(4)) await this.fill(4, what);
    const v = this.buf.readUInt32LE(this.pos - this.start);
    this.pos += 4;
    return v;
  }

  async u64(what: What): Promise<bigint> {
    if (!this.has(8)) await this.fill(8, what);
    const v = this.buf.readBigUInt64LE(this.pos - this.start);
    this.pos += 8;
    return v;
  }

  async text(n: number, what: string): Promise<string> {
    if (!this.has(n)) await this.fill(n, what);
    const at = this.pos - this.start;
    this.pos += n;
    return this.buf.toString('utf8', at, at + n);
  }

  /**
   * Skips a string whose length field is in the window and within `limit` and the file: true.
   * False leaves the position as it was, for skipString, which also names what is wrong. Saves an
   * await per vocabulary item.
   */
  skipStringInWindow(limit: number): boolean {
    if (!this.has(8)) return false;
    const at = this.pos - this.start;
    const low = this.buf.readUInt32LE(at);
    if (this.buf.readUInt32LE(at + 4) !== 0 || low > limit || 8 + low > this.remaining) return false;
    this.pos += 8 + low;
    return true;
  }

  skip(n: number, what: What): void {
    if (n > this.remaining) {
      throw new GgufFormatError('truncated', `truncated GGUF: the ${named(what)} (${n} bytes) runs past the end of the file (${this.remaining} bytes left)`);
    }
    this.pos += n;
  }
}

/**
 * A count or length: within `limit` (else the header is corrupt), and small enough that `minBytes`
 * per item fit in what the file has left (else it was cut short).
 */
function bounded(value: bigint, what: string, limit: number, minBytes: number, w: Window): number {
  if (value > BigInt(limit)) throw corrupt(`${what} ${value} is over the limit of ${limit.toLocaleString('en-US')}`);
  const n = Number(value);
  if (n * minBytes > w.remaining) {
    throw new GgufFormatError('truncated', `truncated GGUF: the ${what} ${value} needs at least ${n * minBytes} bytes, and the file has ${w.remaining} left`);
  }
  return n;
}

interface Budget {
  stringItems: number;
}

async function skipString(w: Window, what: What): Promise<void> {
  const len = await w.u64(() => `${named(what)} length`);
  if (len > STRING_BYTES_LIMIT) throw corrupt(`${named(what)} length ${len} is over the limit of ${GGUF_HEADER_LIMITS.stringBytes} bytes`);
  w.skip(Number(len), what);
}

/** Skips one value of `type`, checking it; returns a u32 value (for general.alignment). */
async function skipValue(w: Window, type: number, key: string, budget: Budget): Promise<number | undefined> {
  const scalar = SCALAR_BYTES[type as GgufValueType];
  if (scalar !== undefined) {
    if (type === GgufValueType.UINT32) return w.u32(`value of '${key}'`);
    w.skip(scalar, `value of '${key}'`);
    return undefined;
  }
  if (type === GgufValueType.STRING) {
    await skipString(w, `string value of '${key}'`);
    return undefined;
  }
  if (type !== GgufValueType.ARRAY) throw corrupt(`metadata key '${key}' has value type ${type}, which GGUF does not define`);
  const itemType = await w.u32(`item type of '${key}'`);
  if (itemType === GgufValueType.ARRAY) throw corrupt(`metadata key '${key}' is an array of arrays, which llama.cpp does not read`);
  const itemBytes = itemType === GgufValueType.STRING ? 8 : SCALAR_BYTES[itemType as GgufValueType];
  if (itemBytes === undefined) throw corrupt(`metadata key '${key}' is an array of type ${itemType}, which GGUF does not define`);
  const n = bounded(await w.u64(`array length of '${key}'`), `array length of '${key}'`, GGUF_HEADER_LIMITS.arrayItems, itemBytes, w);
  if (itemType !== GgufValueType.STRING) {
    w.skip(n * itemBytes, `array '${key}'`);
    return undefined;
  }
  budget.stringItems += n;
  if (budget.stringItems > GGUF_HEADER_LIMITS.totalStringItems) {
    throw corrupt(`the metadata holds more than ${GGUF_HEADER_LIMITS.totalStringItems} strings in arrays (at '${key}')`);
  }
  for (let i = 0; i < n; i++) {
    if (!w.skipStringInWindow(GGUF_HEADER_LIMITS.stringBytes)) await skipString(w, () => `item ${i} of '${key}'`);
  }
  return undefined;
}

async function checkMetadata(w: Window, count: number): Promise<number> {
  const keys = new Set<string>();
  const budget: Budget = { stringItems: 0 };
  let alignment = GGUF_DEFAULT_ALIGNMENT;
  for (let i = 0; i < count; i++) {
    const keyLength = await w.u64(`length of metadata key ${i}`);
    if (keyLength === 0n) throw corrupt(`metadata key ${i} is empty`);
    if (keyLength > BigInt(GGUF_HEADER_LIMITS.keyBytes)) throw corrupt(`metadata key ${i} is ${keyLength} bytes long, over the limit of ${GGUF_HEADER_LIMITS.keyBytes}`);
    const key = await w.text(Number(keyLength), `metadata key ${i}`);
    if (keys.has(key)) throw corrupt(`metadata key '${key}' appears twice`);
    keys.add(key);
    const type = await w.u32(`value type of '${key}'`);
    const value = await skipValue(w, type, key, budget);
    if (key === 'general.alignment') {
      // llama.cpp reads it as a u32 and aborts on any other type.
      if (type !== GgufValueType.UINT32) throw corrupt(`general.alignment is a ${typeName(type)}; GGUF requires a UINT32`);
      alignment = value!;
    }
  }
  if (alignment === 0 || (alignment & (alignment - 1)) !== 0) throw corrupt(`general.alignment ${alignment} is not a power of two`);
  if (alignment > GGUF_HEADER_LIMITS.alignment) throw corrupt(`general.alignment ${alignment} is over the limit of ${GGUF_HEADER_LIMITS.alignment}`);
  return alignment;
}

interface TensorEntry {
  name: string;
  type: number;
  dims: bigint[];
  offset: bigint;
  bytes: bigint;
}

async function readTensorInfo(w: Window, index: number, names: Set<string>): Promise<TensorEntry> {
  const nameLength = await w.u64(`name length of tensor ${index}`);
  if (nameLength > BigInt(GGUF_HEADER_LIMITS.tensorNameBytes)) {
    throw corrupt(`the name of tensor ${index} is ${nameLength} bytes long; llama.cpp allows at most ${GGUF_HEADER_LIMITS.tensorNameBytes}`);
  }
  const name = await w.text(Number(nameLength), `name of tensor ${index}`);
  if (names.has(name)) throw corrupt(`tensor name '${name}' appears twice`);
  names.add(name);
  const nDims = await w.u32(`dimension count of tensor '${name}'`);
  if (nDims > GGUF_HEADER_LIMITS.dimensions) throw corrupt(`tensor '${name}' has ${nDims} dimensions; llama.cpp allows at most ${GGUF_HEADER_LIMITS.dimensions}`);
  const dims: bigint[] = [];
  let elements = 1n;
  for (let d = 0; d < nDims; d++) {
    const dim = await w.u64(`dimension ${d} of tensor '${name}'`);
    if (dim > INT64_MAX) throw corrupt(`dimension ${d} of tensor '${name}' is negative (${BigInt.asIntN(64, dim)})`);
    dims.push(dim);
    elements *= dim;
    if (elements > INT64_MAX) throw corrupt(`tensor '${name}' of shape [${dims.join(', ')}...] has more than 2^63 elements`);
  }
  const type = await w.u32(`type of tensor '${name}'`);
  const layout = ggmlBlockLayout(type);
  if (!layout) throw corrupt(`tensor '${name}' has ggml type ${type}, which is no type ggml knows`);
  const row = dims[0] ?? 1n;
  if (row % BigInt(layout.blockSize) !== 0n) {
    throw corrupt(`tensor '${name}' is ${GgmlType[type]} with rows of ${row} elements, not a whole number of its ${layout.blockSize}-element blocks`);
  }
  const offset = await w.u64(`data offset of tensor '${name}'`);
  return { name, type, dims, offset, bytes: (elements / BigInt(layout.blockSize)) * BigInt(layout.typeSize) };
}

function describeTensor(t: TensorEntry): string {
  return `'${t.name}' (${GgmlType[t.type]}, shape [${t.dims.join(', ')}], ${t.bytes} bytes)`;
}

/**
 * llama.cpp's layout rule: each tensor's data starts where the previous one's ends, padded to the
 * alignment, so an offset that differs says which tensor is misplaced or mislabelled.
 */
function checkLayout(tensors: TensorEntry[], alignment: number, dataOffset: number, fileSize: number): number {
  const align = BigInt(alignment);
  let expected = 0n;
  let previous: TensorEntry | undefined;
  for (const t of tensors) {
    if (t.offset % align !== 0n) throw corrupt(`tensor '${t.name}' has data offset ${t.offset}, not a multiple of the alignment ${alignment}`);
    if (BigInt(dataOffset) + t.offset > BigInt(fileSize)) {
      throw new GgufFormatError('truncated', `truncated GGUF: tensor '${t.name}' starts at byte ${BigInt(dataOffset) + t.offset}, past the end of the ${fileSize}-byte file`);
    }
    if (t.offset < expected) {
      throw corrupt(`tensor '${t.name}' has data offset ${t.offset}, inside the data of tensor ${describeTensor(previous!)}, which ends at ${expected}`);
    }
    if (t.offset > expected) {
      throw corrupt(
        previous
          ? `tensor ${describeTensor(previous)} takes ${expected - previous.offset} bytes with padding, but the next tensor, '${t.name}', starts ${t.offset - previous.offset} bytes after it: its type or shape does not match its data`
          : `tensor '${t.name}' has data offset ${t.offset}; the first tensor's data starts at offset 0`,
      );
    }
    expected = t.offset + ((t.bytes + align - 1n) / align) * align;
    previous = t;
  }
  const last = tensors.at(-1);
  if (!last) return 0;
  const end = BigInt(dataOffset) + last.offset + last.bytes;
  if (end > BigInt(fileSize)) throw new GgufFormatError('truncated', `truncated GGUF: its tensors need ${end} bytes, the file has ${fileSize}`);
  return Number(end);
}

/**
 * Checks a GGUF header within the limits above; throws GgufFormatError naming the field. Reads at
 * most the header itself, through one 64 KiB window, and keeps only tensor names and shapes.
 */
export async function checkGgufHeader(path: string): Promise<CheckedGgufHeader> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const w = new Window(fh, size);
    if (size < 4) throw new GgufFormatError('not-gguf', `not a GGUF file (${size} bytes, too short for a GGUF header)`);
    if ((await w.u32('magic')) !== GGUF_MAGIC) throw new GgufFormatError('not-gguf', 'not a GGUF file (the magic bytes are not "GGUF")');
    if (size < 8) throw new GgufFormatError('truncated', `truncated GGUF: the file is only ${size} bytes`);
    const version = await w.u32('version');
    if (version !== 2 && version !== 3) throw new GgufFormatError('unsupported-version', `unsupported GGUF version ${version} (2 and 3 are supported)`);
    const tensorCount = bounded(await w.u64('tensor count'), 'tensor count', GGUF_HEADER_LIMITS.tensors, MIN_TENSOR_INFO_BYTES, w);
    const metadataCount = bounded(await w.u64('metadata key count'), 'metadata key count', GGUF_HEADER_LIMITS.metadataKeys, MIN_PAIR_BYTES, w);
    if (tensorCount * MIN_TENSOR_INFO_BYTES + metadataCount * MIN_PAIR_BYTES > w.remaining) {
      throw new GgufFormatError('truncated', `truncated GGUF: ${tensorCount} tensors and ${metadataCount} metadata keys need more than the ${w.remaining} bytes the file has left`);
    }
    const alignment = await checkMetadata(w, metadataCount);
    const names = new Set<string>();
    const tensors: TensorEntry[] = [];
    for (let i = 0; i < tensorCount; i++) tensors.push(await readTensorInfo(w, i, names));
    const dataOffset = tensorCount ? Math.ceil(w.pos / alignment) * alignment : w.pos;
    if (dataOffset > size) throw new GgufFormatError('truncated', `truncated GGUF: the file (${size} bytes) ends inside its header`);
    const dataEnd = checkLayout(tensors, alignment, dataOffset, size);
    return { version, fileSize: size, tensorCount, metadataCount, alignment, dataOffset, dataEnd };
  } finally {
    await fh.close();
  }
}
