/** The last "Train from corrections": whether one is going, its report, or why it failed. */
import { create } from 'zustand';
import type { LearnedTrainingReport } from '../../shared/workspace/types';

export interface LearnState {
  training: boolean;
  report: LearnedTrainingReport | null;
  error: string | null;
}

export const useLearnStore = create<LearnState>()(() => ({ training: false, report: null, error: null }));
