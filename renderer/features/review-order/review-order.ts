/**
 * Which way the review bar walks: in document order, or least confident first
 * (confidence-order.ts). A screen setting, not data: kept in its own small store.
 */
import { create } from 'zustand';
import { useSession } from '../../stores/session';
import { useUiStore } from '../../stores/ui';
import { nextLeastConfident, walkKey, WALK_START, type WalkKey } from './confidence-order';

export type ReviewOrder = 'document' | 'confidence';

export const useReviewOrder = create<{ order: ReviewOrder; setOrder: (order: ReviewOrder) => void }>((set) => ({
  order: 'document',
  setOrder: (order) => set({ order }),
}));

/** The walk key of the boundary under review now, taken before an edit renumbers the segments. */
export function currentWalkKey(): WalkKey | null {
  if (useReviewOrder.getState().order !== 'confidence') return null;
  const segmentation = useSession.getState().current?.segmentation;
  return segmentation ? walkKey(segmentation, useUiStore.getState().currentSegment) : null;
}

/**
 * Least confident first: reveals the boundary after `from` in the walk (the one under review when
 * not given) and returns true; false in document order or when none is left, so the caller goes on
 * as before.
 */
export function revealNextByConfidence(from: WalkKey | null = currentWalkKey()): boolean {
  if (from === null || useReviewOrder.getState().order !== 'confidence') return false;
  const segmentation = useSession.getState().current?.segmentation;
  const next = segmentation ? nextLeastConfident(segmentation, from) : null;
  if (next === null) return false;
  useUiStore.getState().reveal(next);
  return true;
}

/** Switches the order; least confident first starts at the least confident boundary left. */
export function chooseReviewOrder(order: ReviewOrder): void {
  useReviewOrder.getState().setOrder(order);
  if (order === 'confidence') revealNextByConfidence(WALK_START);
}
