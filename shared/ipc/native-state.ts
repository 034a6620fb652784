/**
 * What the host's native owner (electron/services/native) holds, as plain data: pushed to the
 * renderer whole as the `native-state` event when it changes (not for load progress alone).
 */
export type EngineStage = 'idle' | 'loading-backend' | 'loading-model' | 'creating-context' | 'ready' | 'failed';

export interface EngineState {
  stage: EngineStage;
  /** 0..1 while loading the model or the adapter. */
  progress: number;
  /** The compute backend llama.cpp runs on (null: not started), and the --gpu choice that led to it. */
  backend: { backend: string; devices: string[]; requested: string } | null;
  /** The base model loaded for generation. */
  model: { path: string } | null;
  /** The context on it: its adapter, size in tokens and sequences (windows decoded at once). */
  context: { adapterPath: string | null; contextSize: number; sequences: number } | null;
}

export interface NativeState {
  /** The process's engine (the model strategies' runs). */
  engine: EngineState;
  /** Tokenizer files loaded vocab-only (token counts, remote runs' windows). */
  tokenizers: string[];
  /** Embedding models loaded (the learned strategy's features). */
  embedders: string[];
}
