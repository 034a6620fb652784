/**
 * The native owner's second llama.cpp instance: CPU only, for what never needs a GPU (vocab-only
 * tokenizers, embedding models). Started on first use, once per process; only native/ files use it
 * (vocab-models.ts, embedders.ts), which own what they load on it.
 */
import type { Llama } from 'node-llama-cpp';
import { writeLlamaLog } from '../platform/llama-log';

let llamaLoad: Promise<Llama> | undefined;

export function cpuLlama(): Promise<Llama> {
  // Imported on first use: loading node-llama-cpp costs more than a whole rule-strategy run.
  llamaLoad ??= import('node-llama-cpp').then(({ getLlama, LlamaLogLevel }) => getLlama({
    gpu: false,
    // Never compile llama.cpp behind the user's back: prebuilt binaries or a clear error.
    build: 'never',
    progressLogs: false,
    logLevel: LlamaLogLevel.error,
    logger: writeLlamaLog,
  })).catch((err: unknown) => {
    llamaLoad = undefined;
    throw err;
  });
  return llamaLoad;
}
