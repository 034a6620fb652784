/**
 * Which two results are compared, at what tolerance, and whether the side-by-side view is open:
 * one store, so the Compare panel and the full-width view (CompareView) always show the same pair.
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import type { SegmentationResult } from '../../../shared/document/types';
import { keptBeside, useSession } from '../../stores/session';
import { resultLabel } from '../results/result-label';

export interface Choice {
  key: string;
  label: string;
  result: SegmentationResult;
}

interface CompareChoiceState {
  leftKey: string;
  rightKey: string;
  tolerance: number;
  /** The full-width side-by-side view is open. */
  viewOpen: boolean;
  setLeftKey(key: string): void;
  setRightKey(key: string): void;
  setTolerance(tolerance: number): void;
  setViewOpen(open: boolean): void;
}

export const useCompareChoice = create<CompareChoiceState>()((set) => ({
  leftKey: 'current',
  rightKey: '',
  tolerance: 0,
  viewOpen: false,
  setLeftKey: (leftKey) => set({ leftKey }),
  setRightKey: (rightKey) => set({ rightKey }),
  setTolerance: (tolerance) => set({ tolerance: Math.max(0, tolerance) }),
  setViewOpen: (viewOpen) => set({ viewOpen }),
}));

/** The shown result and those kept beside it, each once (the shown one may also be among the kept). */
export function useChoices(): Choice[] {
  const current = useSession((s) => s.current);
  const kept = useSession((s) => s.kept);
  return useMemo(() => {
    const choices: Choice[] = current ? [{ key: 'current', label: `${resultLabel(current)} (shown)`, result: current }] : [];
    for (const k of keptBeside(kept, current)) choices.push({ key: k.key, label: resultLabel(k.result), result: k.result });
    return choices;
  }, [current, kept]);
}

/** The pair chosen (the right side never the left one), or nulls while fewer than two results exist. */
export function useChosenPair(choices: readonly Choice[]): { left: Choice | undefined; right: Choice | undefined } {
  const leftKey = useCompareChoice((s) => s.leftKey);
  const rightKey = useCompareChoice((s) => s.rightKey);
  const left = choices.find((c) => c.key === leftKey) ?? choices[0];
  const right = choices.find((c) => c.key === rightKey && c !== left) ?? choices.find((c) => c !== left);
  return { left, right };
}

/** Whether the side-by-side view is open (the workbench's columns give it their place). */
export function useCompareViewOpen(): boolean {
  return useCompareChoice((s) => s.viewOpen);
}
