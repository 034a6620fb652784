import { describe, expect, it } from 'vitest';
import { assertValidSegmentation, segmentationFromCuts } from '../document/segmentation';
import type { SegmentationResult } from '../document/types';
import { deleteBoundary, mergeWithNext, moveBoundary, setReviewed, setTopic, splitAt } from '../edit/operations';
import { seededRandom } from '../util/seeded-random';
import { createHistory, record, redo, undo, type History } from './history';
import { segmentationChanges, type ResultChange } from './result-changes';

const SENTENCES = ['The whale rose.', 'Rain fell on the harbour!', 'Why now?', 'Dr. Ahab waited.', 'Ships left at dawn.'];

function makeText(seed: number, paragraphs: number): string {
  const next = seededRandom(seed);
  const parts: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const sentences = Array.from({ length: 2 + Math.floor(next() * 4) }, () => SENTENCES[Math.floor(next() * SENTENCES.length)]);
    parts.push(sentences.join(next() < 0.3 ? '\n' : ' '));
  }
  return parts.join('\n\n') + '\n';
}

function resultOf(text: string, cuts: number[]): SegmentationResult {
  return {
    document: { name: 'doc.txt', chars: text.length, sha256: 'x' },
    strategy: 'structural',
    segmentation: segmentationFromCuts(text, cuts),
    warnings: [],
    meta: {},
  };
}

/** One random hand edit, as the editing actions make them: a new result with only its segmentation replaced. */
function randomEdit(text: string, result: SegmentationResult, next: () => number): SegmentationResult {
  const seg = result.segmentation;
  const segment = Math.floor(next() * seg.notes.length);
  const boundary = Math.floor(next() * seg.boundaries.length);
  const kind = Math.floor(next() * 6);
  let edited = seg;
  if (kind === 0) edited = splitAt(text, seg, Math.floor(next() * text.length));
  else if (kind === 1) edited = mergeWithNext(text, seg, segment);
  else if (kind === 2 && seg.boundaries.length > 0) edited = moveBoundary(text, seg, boundary, Math.floor(next() * text.length), { snap: next() < 0.5 });
  else if (kind === 3 && seg.boundaries.length > 0) edited = deleteBoundary(text, seg, boundary);
  else if (kind === 4) edited = setTopic(text, seg, segment, `topic ${Math.floor(next() * 1000)}`);
  else edited = setReviewed(text, seg, segment, next() < 0.5);
  return edited === seg ? result : { ...result, segmentation: edited };
}

describe('history steps that keep only what an edit changed', () => {
  it('undo and redo of 1,000 random edits return exactly to every earlier state, each covering the text', () => {
    const text = makeText(3, 300);
    let h: History<SegmentationResult, ResultChange> = createHistory(resultOf(text, [200, 900, 2000]), 2_000, segmentationChanges);
    const next = seededRandom(11);
    const states = [h.present];
    while (states.length <= 1_000) {
      const edited = randomEdit(text, h.present, next);
      if (edited === h.present) continue;
      h = record(h, edited, 'edit');
      states.push(edited);
    }
    // A structural replacement (a run's result) in the middle of the way is kept whole.
    const run = { ...resultOf(text, [500, 1500]), strategy: 'sentence-rules' };
    h = record(h, run, 'sentence-rules result');
    states.push(run);
    expect(h.past[h.past.length - 1]!.change.kind).toBe('whole');

    // Every hand edit's step holds a few entries, not the whole arrays.
    for (const step of h.past.slice(0, -1)) {
      expect(step.change.kind).toBe('segmentation');
      if (step.change.kind !== 'segmentation') continue;
      const { boundaries, notes } = step.change.delta;
      expect(boundaries.removed.length + boundaries.inserted.length).toBeLessThanOrEqual(2);
      expect(notes.removed.length + notes.inserted.length).toBeLessThanOrEqual(4);
    }

    for (let i = states.length - 2; i >= 0; i--) {
      h = undo(h);
      expect(h.present).toEqual(states[i]);
      assertValidSegmentation(text, h.present.segmentation);
    }
    for (let i = 1; i < states.length; i++) {
      h = redo(h);
      expect(h.present).toEqual(states[i]);
      assertValidSegmentation(text, h.present.segmentation);
    }
    // Half way back, a new edit drops the redo side and is undone like any other.
    for (let i = 0; i < 500; i++) h = undo(h);
    const before = h.present;
    let edited = before;
    while (edited === before) edited = randomEdit(text, before, next);
    h = record(h, edited, 'edit');
    expect(h.future).toHaveLength(0);
    expect(undo(h).present).toEqual(before);
  });

  it('refuses to splice a step into a segmentation it does not belong to', () => {
    const text = makeText(5, 20);
    const a = resultOf(text, [100, 200]);
    const b = { ...a, segmentation: mergeWithNext(text, a.segmentation, 0) };
    const change = segmentationChanges.diff(a, b);
    expect(segmentationChanges.revert(b, change)).toEqual(a);
    expect(() => segmentationChanges.revert(a, change)).toThrow(/does not fit/);
  });
});
