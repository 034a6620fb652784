/**
 * One decode on the GPU, in a process of its own (bench/gpu.ts runs it first): where llama.cpp's
 * prebuilt build cannot run on the GPU it aborts the whole process at the first decode, which no
 * JavaScript can catch (node-llama-cpp 3.21.1's CUDA build on an H200 with an R580 driver:
 * "the provided PTX was compiled with an unsupported toolchain", docs/inference.md). Prints
 * `ok <backend>` and exits 0 where the decode ran. Usage: tsx bench/gpu-decode-check.ts MODEL.gguf
 */
import { getLlama, LlamaLogLevel } from 'node-llama-cpp';

const modelPath = process.argv[2];
if (!modelPath) throw new Error('usage: tsx bench/gpu-decode-check.ts MODEL.gguf');
const llama = await getLlama({ gpu: 'auto', build: 'never', progressLogs: false, logLevel: LlamaLogLevel.error });
const model = await llama.loadModel({ modelPath });
const context = await model.createContext({ contextSize: 256 });
await context.getSequence().evaluateWithoutGeneratingNewTokens(model.tokenize('Call me Ishmael. Some years ago, never mind how long precisely.'));
process.stdout.write(`ok ${llama.gpu || 'cpu'}\n`);
await llama.dispose();
