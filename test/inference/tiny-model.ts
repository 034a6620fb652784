/**
 * The tiny fixture model loaded straight through node-llama-cpp, for the tests that drive a
 * sequence step by step (the allowed choice, the note lines' bias, the heads' confidence): one
 * context of 1,024 tokens on one thread, and the vocabulary's bytes.
 */
import { existsSync } from 'node:fs';
import { getLlama, type Llama, type LlamaContext, type LlamaModel } from 'node-llama-cpp';
import { tokenBytes, type TokenBytes } from '../../electron/services/inference/completers/local/token-bytes';
import { tinyModelPath } from './tiny-profiles';

export interface TinyModel {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  vocab: TokenBytes;
  dispose(): Promise<void>;
}

export async function openTinyModel(): Promise<TinyModel> {
  if (!existsSync(tinyModelPath)) throw new Error(`missing ${tinyModelPath}: run npm run fixtures first`);
  const llama = await getLlama({ gpu: false });
  const model = await llama.loadModel({ modelPath: tinyModelPath });
  const context = await model.createContext({ contextSize: 1024, threads: 1 });
  const dispose = async () => {
    await context.dispose();
    await model.dispose();
  };
  return { llama, model, context, vocab: tokenBytes(model)!, dispose };
}
