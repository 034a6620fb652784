/**
 * What the host has loaded (the `native-state` event): its compute backend, the model and context
 * of the local engine, the tokenizers and embedding models. Null until the host first reports.
 */
import { create } from 'zustand';
import type { NativeState } from '../../shared/ipc/native-state';

export interface NativeStore {
  state: NativeState | null;
  setState(state: NativeState): void;
}

export const useNativeStore = create<NativeStore>()((set) => ({
  state: null,
  setState: (state) => set({ state }),
}));
