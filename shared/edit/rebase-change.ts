/**
 * One page's change carried over onto a correction another page changed meanwhile (issue 36: a
 * page refused with `stale-base` used to send its whole correction, which silently replaced the
 * other page's saved change). Three-way, as the host joins two changes waiting to be written
 * (electron/services/workspace/workspace-service.ts `withChange`): the page's own change (its old
 * base to what it wants) is applied with applyDelta to the correction as saved now, less what that
 * correction shows already (both pages added the same boundary, set the same note). The result
 * must show both changes, or there is none: both pages changed the same place (one names a new
 * segment the other names differently, one merges away a segment the other retitles).
 */
import type { Segmentation } from '../document/types';
import { UserError } from '../errors';
import { applyDelta, diffSegmentations, showsDelta, type SegmentationDelta } from './segmentation-delta';

const EMPTY = { removed: [], added: [], notes: [] } as const;

/** The items of `delta` that `segmentation` does not show yet. */
function notShownBy(segmentation: Segmentation, delta: SegmentationDelta): SegmentationDelta {
  return {
    removed: delta.removed.filter((b) => showsDelta(segmentation, { ...EMPTY, added: [b] })),
    added: delta.added.filter((b) => !showsDelta(segmentation, { ...EMPTY, added: [b] })),
    notes: delta.notes.filter((n) => !showsDelta(segmentation, { ...EMPTY, notes: [n] })),
  };
}

/**
 * `wanted` (made from `base`) carried over onto `current` (also made from `base`, by another
 * page): `current` with the page's own change, or null where the two changes cannot both stand.
 * O(n) in the segments, for text `text`.
 */
export function rebaseChange(text: string, base: Segmentation, wanted: Segmentation, current: Segmentation): Segmentation | null {
  const own = diffSegmentations(base, wanted);
  const theirs = diffSegmentations(base, current);
  let rebased: Segmentation;
  try {
    rebased = applyDelta(text, current, notShownBy(current, own));
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    return null;
  }
  return showsDelta(rebased, own) && showsDelta(rebased, theirs) ? rebased : null;
}
