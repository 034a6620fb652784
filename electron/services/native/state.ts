/**
 * What the native owner holds, as plain data: the state the renderer gets. Each resource keeps its
 * part true with dispose listeners (engine.ts, vocab-models.ts, embedders.ts); `nativeState()`
 * puts the parts together, and `onNativeState` hears every change of any of them.
 */
import type { EngineStage, EngineState, NativeState } from '../../../shared/ipc/native-state';

export type { EngineStage, EngineState, NativeState };

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
