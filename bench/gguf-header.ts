/**
 * `npm run bench:gguf-header [-- --model FILE] [--rounds N]`: what a GGUF header costs to check
 * (header-check.ts, before any reader sees a file), parse (reader.ts), read from disk (both) and
 * encode again (writer.ts), in milliseconds per call. A Qwen2 header is mostly its vocabulary:
 * 151,936 token strings, their types and 151,387 merges, about 6 MB. Every model import, merge,
 * conversion and download goes through these. Default model: the tiny fixture, which has Qwen2's
 * real vocabulary. A benchmark: it prints figures and asserts nothing.
 */
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkGgufHeader } from '../electron/model-files/header-check';
import { parseGgufHeader, readGgufHeader } from '../electron/model-files/reader';
import { encodeGgufHeader } from '../electron/model-files/writer';
import { flag } from './flag';
import { loadAverage } from './load';

const argv = process.argv.slice(2);
const path = resolve(flag(argv, 'model', 'models/test/tiny-qwen2.gguf'));
const rounds = Number(flag(argv, 'rounds', '10'));
if (!existsSync(path)) throw new Error(`no model at ${path}: run npm run fixtures`);

const header = await readGgufHeader(path);
const bytes = Buffer.alloc(header.dataOffset);
const fh = await open(path, 'r');
await fh.read(bytes, 0, bytes.length, 0);
await fh.close();

async function perCall(job: () => unknown): Promise<string> {
  await job();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await job();
  return ((performance.now() - started) / rounds).toFixed(1);
}

console.log(`${path}: header ${(header.dataOffset / 1e6).toFixed(1)} MB, ${header.metadata.size} keys, ${header.tensors.length} tensors; ${loadAverage()}`);
console.log(`check  ${await perCall(() => checkGgufHeader(path))} ms`);
console.log(`parse  ${await perCall(() => parseGgufHeader(bytes))} ms`);
console.log(`read   ${await perCall(() => readGgufHeader(path))} ms (check + one read + parse)`);
console.log(`encode ${await perCall(() => encodeGgufHeader(header.metadata, header.tensors))} ms`);
