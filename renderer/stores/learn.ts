/**
 * "Train from corrections": the person's choices (documents left out, whether to use the
 * embedding model), the training under way (its job; the progress is in stores/jobs.ts), its
 * report, or why it failed.
 */
import { create } from 'zustand';
import type { LearnedTrainingReport } from '../../shared/workspace/types';
import { DEFAULT_TRAINING_OPTIONS, type TrainingOptionKey, type TrainingOptions } from '../../shared/learn/training-options';

export interface LearnState {
  /** From the click until the training job ends (its id is known once the service answers). */
  training: boolean;
  jobId: string | null;
  report: LearnedTrainingReport | null;
  error: string | null;
  /** Workspace documents the person left out of the training. */
  excluded: string[];
  /** Also weigh sentence embeddings (one model call per sentence): only when the person asks. */
  useEmbeddingModel: boolean;
  /** The declared training options, as the Learn panel's checkboxes set them. */
  trainingOptions: TrainingOptions;
  setExcluded(id: string, out: boolean): void;
  setUseEmbeddingModel(on: boolean): void;
  setTrainingOption(key: TrainingOptionKey, on: boolean): void;
}

export const useLearnStore = create<LearnState>()((set, get) => ({
  training: false,
  jobId: null,
  report: null,
  error: null,
  excluded: [],
  useEmbeddingModel: false,
  trainingOptions: DEFAULT_TRAINING_OPTIONS,
  setExcluded: (id, out) => set({ excluded: out ? [...new Set([...get().excluded, id])] : get().excluded.filter((e) => e !== id) }),
  setUseEmbeddingModel: (useEmbeddingModel) => set({ useEmbeddingModel }),
  setTrainingOption: (key, on) => set({ trainingOptions: { ...get().trainingOptions, [key]: on } }),
}));
