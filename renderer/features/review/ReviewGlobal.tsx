/** Mounted once for the window: the labeller's keys (review-keys.ts). */
import { useEffect } from 'react';
import { installReviewKeys } from './review-keys';

export function ReviewGlobal() {
  useEffect(() => installReviewKeys(), []);
  return null;
}
