import { describe, expect, it } from 'vitest';
import { segmentationFromCuts } from '../document/segmentation';
import { deleteBoundary, setTopic, splitAt } from './operations';
import { rebaseChange } from './rebase-change';

const TEXT = Array.from({ length: 8 }, (_, i) => `Paragraph ${i} says one thing. Then another.\n\n`).join('');
const at = (s: string) => TEXT.indexOf(s);
const BASE = segmentationFromCuts(TEXT, [at('Paragraph 3'), at('Paragraph 6')]);

describe('rebaseChange: one page\'s change carried over onto another page\'s', () => {
  it('keeps both pages\' boundaries where they changed different places', () => {
    const theirs = splitAt(TEXT, BASE, at('Paragraph 1'));
    const mine = deleteBoundary(TEXT, splitAt(TEXT, BASE, at('Paragraph 7')), 1);
    const rebased = rebaseChange(TEXT, BASE, mine, theirs);
    expect(rebased?.boundaries).toEqual([at('Paragraph 1'), at('Paragraph 3'), at('Paragraph 7')]);
  });

  it('keeps the other page\'s topic on a segment this page split', () => {
    const theirs = setTopic(TEXT, BASE, 1, 'middle');
    const mine = splitAt(TEXT, BASE, at('Paragraph 4'));
    const rebased = rebaseChange(TEXT, BASE, mine, theirs)!;
    expect(rebased.boundaries).toEqual([at('Paragraph 3'), at('Paragraph 4'), at('Paragraph 6')]);
    expect(rebased.notes[1]).toMatchObject({ topic: 'middle' });
  });

  it('takes the same change made on both pages as one, not as a conflict', () => {
    const both = splitAt(TEXT, BASE, at('Paragraph 1'));
    const theirs = splitAt(TEXT, both, at('Paragraph 7'));
    expect(rebaseChange(TEXT, BASE, both, theirs)).toEqual(theirs);
  });

  it('has none where both changed the same place', () => {
    const split = splitAt(TEXT, BASE, at('Paragraph 1'));
    // One new segment, two topics.
    expect(rebaseChange(TEXT, BASE, setTopic(TEXT, split, 1, 'mine'), setTopic(TEXT, split, 1, 'theirs'))).toBeNull();
    // One merges away the segment the other retitles.
    expect(rebaseChange(TEXT, BASE, deleteBoundary(TEXT, BASE, 0), setTopic(TEXT, BASE, 1, 'theirs'))).toBeNull();
    // Both retitle one segment.
    expect(rebaseChange(TEXT, BASE, setTopic(TEXT, BASE, 2, 'mine'), setTopic(TEXT, BASE, 2, 'theirs'))).toBeNull();
  });
});
