/** Mounted once for the window: the labeller's keys (review-keys.ts), the dropped-review notice (review-drop.ts). */
import { useEffect } from 'react';
import { installReviewKeys } from './review-keys';
import { installReviewDropNotice } from './review-drop';

export function ReviewGlobal() {
  useEffect(() => installReviewKeys(), []);
  useEffect(() => installReviewDropNotice(), []);
  return null;
}
