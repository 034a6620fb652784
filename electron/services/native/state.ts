/**
 * What the native owner holds, as plain data: the state the renderer gets. Each resource keeps its
 * part true with dispose listeners (engine.ts, vocab-models.ts, embedders.ts); `nativeState()`
 * puts the parts together, and `onNativeState` hears every change of any of them.
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

const parts: { engine: () => EngineState; tokenizers: () => string[]; embedders: () => string[] } = {
  engine: () => ({ stage: 'idle', progress: 0, backend: null, model: null, context: null }),
  tokenizers: () => [],
  embedders: () => [],
};
const listeners = new Set<(state: NativeState) => void>();

/** A resource names where its part of the state is read (once, when it is first used). */
export function provideNativeState<K extends keyof NativeState>(part: K, read: () => NativeState[K]): void {
  parts[part] = read as (typeof parts)[K];
}

export function nativeState(): NativeState {
  return { engine: parts.engine(), tokenizers: parts.tokenizers(), embedders: parts.embedders() };
}

/** Called by a resource after its part changed. */
export function nativeStateChanged(): void {
  if (listeners.size === 0) return;
  const state = nativeState();
  for (const listener of listeners) listener(state);
}

/** Every change of the native state, whole; returns the unsubscribe. */
export function onNativeState(listener: (state: NativeState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
