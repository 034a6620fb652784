/**
 * What a document being opened is going through, for the progress shown over the document view:
 * the file read (bytes of total), the service reading and decoding it, the view built (characters
 * of total), then, once its result is in, the segments drawn (of total). The run bar covers the
 * segmentation in between. Only the request that is still current reports (show-document.ts).
 */
import { create } from 'zustand';

export type OpeningStage = 'reading' | 'decoding' | 'building' | 'drawing';

export interface OpeningState {
  /** Null when nothing is being opened or drawn. */
  stage: OpeningStage | null;
  /** What is being opened ("bench.txt"). */
  name: string;
  done: number;
  /** 0 when the stage's size is unknown (the bar then moves without a figure). */
  total: number;
  report(stage: OpeningStage, done: number, total: number, name?: string): void;
  clear(): void;
}

export const useOpeningStore = create<OpeningState>()((set) => ({
  stage: null,
  name: '',
  done: 0,
  total: 0,
  report: (stage, done, total, name) => set((s) => ({ stage, done, total, name: name ?? s.name })),
  clear: () => set({ stage: null, done: 0, total: 0 }),
}));
