/**
 * Structural check of a GGUF file before anything hands it to llama.cpp, whose own failure on a bad
 * file is a bare "failed to load" or, for a truncated file, a crash: magic, version, a header that
 * parses (node-llama-cpp's parser, file-info.ts), and tensor data that fits inside the file.
 */
import { GgufFormatError } from './errors';
import { readGgufSummary, type GgufFileSummary } from './file-info';
import { tensorByteSize } from './types';

export interface VerifiedGguf {
  info: GgufFileSummary;
  fileSize: number;
  kind: 'model' | 'adapter';
  architecture: string;
}

/** Where the last tensor's data ends (tensors of unknown type count from their offset only). */
export function tensorDataEnd(info: Pick<GgufFileSummary, 'dataOffset' | 'tensors'>): number {
  let end = info.dataOffset;
  for (const t of info.tensors) end = Math.max(end, info.dataOffset + t.offset + (tensorByteSize(t.type, t.dims) ?? 0));
  return info.tensors.length ? end : 0;
}

export async function verifyGgufFile(path: string): Promise<VerifiedGguf> {
  const info = await readGgufSummary(path);
  const end = tensorDataEnd(info);
  if (end > info.fileSize) {
    throw new GgufFormatError('truncated', `truncated GGUF: its tensors need ${end} bytes, the file has ${info.fileSize}`);
  }
  const general = info.metadata.general as { architecture?: unknown; type?: unknown } | undefined;
  const architecture = general?.architecture;
  if (typeof architecture !== 'string' || architecture === '') {
    throw new GgufFormatError('corrupt', 'the GGUF names no architecture (general.architecture)');
  }
  const kind = general?.type === 'adapter' ? 'adapter' : 'model';
  return { info, fileSize: info.fileSize, kind, architecture };
}
