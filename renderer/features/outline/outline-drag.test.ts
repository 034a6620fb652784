import { beforeEach, describe, expect, it } from 'vitest';
import { snapPointsBetween } from '../../../shared/edit/snap-points';
import { resultFromCuts } from '../../test-support/results';
import { offsetInSegment, startOutlineDrag, type RowSpan } from './outline-drag';
import { historyStatus, useSession } from '../../stores/session';
import { openText } from '../../test-support/open-text';

const TEXT = 'One sentence here. Two sentences now. Three of them. Four is the last one. Five ends it.\n';
/** Three rows of 20 px: segment i spans y in [20 i, 20 i + 20). */
const rowAt = (y: number): RowSpan | undefined => (y >= 0 && y < 60 ? { index: Math.floor(y / 20), top: Math.floor(y / 20) * 20, height: 20 } : undefined);
const boundaries = () => useSession.getState().current?.segmentation.boundaries;

describe('outline drag', () => {
  beforeEach(() => {
    openText(`doc-${Math.random()}`, TEXT);
    useSession.getState().showResult(resultFromCuts(TEXT, [19, 53], 'structural', 't.txt'));
  });

  it('maps a place in a row to the same fraction of its segment', () => {
    const seg = useSession.getState().current!.segmentation;
    expect(offsetInSegment(seg, TEXT.length, 0, 0)).toBe(0);
    expect(offsetInSegment(seg, TEXT.length, 1, 0.5)).toBe(36);
    expect(offsetInSegment(seg, TEXT.length, 2, 1)).toBe(TEXT.length);
    // Beyond the rows and the row's edges: clamped.
    expect(offsetInSegment(seg, TEXT.length, 9, 2)).toBe(TEXT.length);
  });

  it('snaps to sentence starts, stays between the neighbours and is one undo step', () => {
    const drag = startOutlineDrag(0, rowAt)!;
    // Down into the middle of segment 1 ([19, 53)): the nearest sentence start is 38.
    for (const y of [22, 26, 30]) drag.moveTo(y, false);
    expect(boundaries()).toEqual([38, 53]);
    expect(snapPointsBetween(TEXT, 19, 53)).toContain(38);
    // Past the next boundary: held just inside it, on a snap point.
    drag.moveTo(50, false);
    expect(boundaries()![0]).toBeLessThan(53);
    drag.moveTo(30, false);
    drag.end();
    expect(boundaries()).toEqual([38, 53]);
    expect(useSession.getState().history?.past).toHaveLength(1);
    expect(historyStatus(useSession.getState().history).undoLabel).toBe('move boundary');
    useSession.getState().undo();
    expect(boundaries()).toEqual([19, 53]);
  });

  it('moves freely with Alt, and Escape abandons the drag', () => {
    const drag = startOutlineDrag(1, rowAt)!;
    drag.moveTo(50, true); // half-way down segment 2 ([53, 89))
    expect(boundaries()).toEqual([19, 71]);
    drag.cancel();
    expect(boundaries()).toEqual([19, 53]);
    expect(useSession.getState().history?.past).toHaveLength(0);
  });
});
