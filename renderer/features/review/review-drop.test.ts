import { describe, expect, it } from 'vitest';
import { droppedReviewMessage } from './review-drop';
import { warningOffset } from '../results/ResultsPanel';

describe('the dropped-review notice', () => {
  it('names the edit and how many reviews it dropped', () => {
    expect(droppedReviewMessage('merge with next', 1)).toBe('Merge with next un-reviewed a reviewed segment: it needs reviewing again.');
    expect(droppedReviewMessage('reject boundary', 2)).toBe('Reject boundary un-reviewed 2 reviewed segments: they need reviewing again.');
  });
});

describe('a warning that says where', () => {
  it('takes its offset, or the place its message names', () => {
    expect(warningOffset({ code: 'over-limit', message: 'over-limit at 12910', offset: 5 })).toBe(5);
    expect(warningOffset({ code: 'over-limit', message: 'over-limit at 12,910' })).toBe(12910);
    expect(warningOffset({ code: 'head-not-found', message: 'no head matched' })).toBeNull();
  });
});
