/**
 * Reading one tensor's bytes out of a GGUF file, synchronously, so a writer's lazy tensor source can
 * fetch it when it gets there (one tensor in memory at a time, whatever the model's size).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { decodeTensorData, FLOAT_CODEC_TYPES } from './numeric';
import { GgmlType, tensorByteSize, type GgufHeader, type GgufTensorInfo } from './types';

export class GgufTensorReader {
  private readonly fd: number;
  constructor(
    path: string,
    readonly header: GgufHeader,
  ) {
    this.fd = openSync(path, 'r');
  }

  tensor(name: string): GgufTensorInfo | undefined {
    return this.header.tensors.find((t) => t.name === name);
  }

  /** The tensor's stored bytes, in its own type. */
  bytes(info: GgufTensorInfo): Buffer {
    const size = tensorByteSize(info.type, info.dims);
    if (size === undefined) throw new Error(`tensor ${info.name} has an unknown ggml type ${info.type}`);
    const buf = Buffer.alloc(size);
    let done = 0;
    while (done < size) {
      const n = readSync(this.fd, buf, done, size - done, this.header.dataOffset + info.offset + done);
      if (n === 0) throw new Error(`tensor ${info.name} runs past the end of the file`);
      done += n;
    }
    return buf;
  }

  /** The tensor's values as float32, row-major with the innermost (GGUF first) dimension fastest. */
  values(info: GgufTensorInfo): Float32Array {
    if (!FLOAT_CODEC_TYPES.includes(info.type)) {
      throw new Error(`tensor ${info.name} is ${GgmlType[info.type] ?? info.type}; only ${FLOAT_CODEC_TYPES.map((t) => GgmlType[t]).join(', ')} tensors can be read`);
    }
    return decodeTensorData(info.type, this.bytes(info), info.dims.reduce((a, b) => a * b, 1));
  }

  close(): void {
    closeSync(this.fd);
  }
}
