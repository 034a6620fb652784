/**
 * Structural check of a GGUF file before anything hands it to llama.cpp, whose own failure on a bad
 * file is a bare "failed to load" or, for a truncated file, a crash: magic, version, a header that
 * parses, and tensor data that fits inside the file.
 */
import { GgufFormatError } from './errors';
import { readGgufHeader } from './reader';
import { plainValue, tensorByteSize, type GgufHeader } from './types';

export interface VerifiedGguf {
  header: GgufHeader;
  fileSize: number;
  kind: 'model' | 'adapter';
  architecture: string;
}

/** Where the last tensor's data ends (tensors of unknown type count from their offset only). */
export function tensorDataEnd(header: GgufHeader): number {
  let end = header.dataOffset;
  for (const t of header.tensors) end = Math.max(end, header.dataOffset + t.offset + (tensorByteSize(t.type, t.dims) ?? 0));
  return header.tensors.length ? end : 0;
}

export async function verifyGgufFile(path: string): Promise<VerifiedGguf> {
  const header = await readGgufHeader(path);
  const end = tensorDataEnd(header);
  if (end > header.fileSize) {
    throw new GgufFormatError('truncated', `truncated GGUF: its tensors need ${end} bytes, the file has ${header.fileSize}`);
  }
  const architecture = plainValue(header.metadata.get('general.architecture'));
  if (typeof architecture !== 'string' || architecture === '') {
    throw new GgufFormatError('corrupt', 'the GGUF names no architecture (general.architecture)');
  }
  const kind = plainValue(header.metadata.get('general.type')) === 'adapter' ? 'adapter' : 'model';
  return { header, fileSize: header.fileSize, kind, architecture };
}
