/**
 * A GGUF file's header, read by node-llama-cpp's own parser (readGgufFileInfo) once the bounded
 * check (header-check.ts) has passed it: that parser trusts the header's counts and lengths, so it
 * never sees a file whose header was not bounded first. The vocabulary arrays, the bulk of a
 * model's header, are skipped: nothing here shows them.
 */
import type { GgufFileInfo } from 'node-llama-cpp';
import { GgufFormatError } from './errors';
import { checkGgufHeader } from './header-check';
import { firstLine } from '../../shared/text/first-line';

/** A tensor as the header lists it; `offset` counts from the start of the tensor data section. */
export interface GgufTensorEntry {
  name: string;
  dims: number[];
  type: number;
  offset: number;
}

export interface GgufFileSummary {
  version: number;
  fileSize: number;
  /** Absolute file offset where tensor data starts. */
  dataOffset: number;
  tensors: GgufTensorEntry[];
  metadata: GgufFileInfo['metadata'];
  architectureMetadata: GgufFileInfo['architectureMetadata'];
}

const SKIPPED_KEYS = ['tokenizer.ggml.tokens', 'tokenizer.ggml.merges', 'tokenizer.ggml.token_type', 'tokenizer.ggml.scores'];

function safeNumber(value: number | bigint, what: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new GgufFormatError('corrupt', `GGUF ${what} is implausible (${value})`);
  return n;
}

async function parse(path: string, size: number): Promise<GgufFileInfo> {
  // Loaded on first use: node-llama-cpp costs more to load than most callers' whole job, and the
  // Electron main bundle must not load it at start-up.
  const { readGgufFileInfo } = await import('node-llama-cpp');
  try {
    return await readGgufFileInfo(path, { sourceType: 'filesystem', logWarnings: false, ignoreKeys: SKIPPED_KEYS, spliceSplitFiles: false });
  } catch (err) {
    // node-llama-cpp does not export this error class; its name is stable.
    if ((err as Error)?.constructor?.name === 'InvalidGgufMagicError') {
      throw new GgufFormatError('not-gguf', 'not a GGUF file (the magic bytes are not "GGUF")');
    }
    if ((err as NodeJS.ErrnoException)?.code) throw err;
    // Any other failure of the parser is a header it could not make sense of: counts or lengths
    // past what the file can hold, unknown value types.
    throw new GgufFormatError('corrupt', `the GGUF header of this ${size}-byte file cannot be read (${firstLine(err)})`);
  }
}

export async function readGgufSummary(path: string): Promise<GgufFileSummary> {
  const { fileSize: size } = await checkGgufHeader(path);
  const info = await parse(path, size);
  if (info.version !== 2 && info.version !== 3) {
    throw new GgufFormatError('unsupported-version', `unsupported GGUF version ${info.version} (2 and 3 are supported)`);
  }
  const dataOffset = info.infoEndOffset ?? 0;
  if (dataOffset > size) throw new GgufFormatError('truncated', `truncated GGUF: the file (${size} bytes) ends inside its header`);
  const tensors = (info.tensorInfo ?? []).map((t) => {
    if (t.dimensions.length > 8) throw new GgufFormatError('corrupt', `tensor ${t.name} has ${t.dimensions.length} dimensions`);
    return { name: t.name, dims: t.dimensions.map((d) => safeNumber(d, 'tensor dimension')), type: t.ggmlType, offset: safeNumber(t.offset, 'tensor offset') };
  });
  return { version: info.version, fileSize: size, dataOffset, tensors, metadata: info.metadata, architectureMetadata: info.architectureMetadata };
}
