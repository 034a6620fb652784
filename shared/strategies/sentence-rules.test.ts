import { describe, expect, it } from 'vitest';
import { toSegments } from '../document/segmentation';
import { sentenceRules } from './sentence-rules';

function segmentTexts(text: string, options = {}): string[] {
  return toSegments(text, sentenceRules.segment(text, options).segmentation).map((s) => s.text);
}

describe('sentence-rules', () => {
  it('cuts at every sentence end and every line', () => {
    expect(segmentTexts('First one. Second one!\nA line\n\nLast? Yes.')).toEqual(['First one. ', 'Second one!\n', 'A line\n\n', 'Last? ', 'Yes.']);
  });

  it('cuts a long sentence at clauses, then words, to respect maxChars', () => {
    const text = 'alpha beta gamma, delta epsilon zeta, eta theta iota kappa lambda mu nu xi omicron pi rho sigma.';
    const segments = segmentTexts(text, { maxChars: 40 });
    for (const s of segments) expect(s.length).toBeLessThanOrEqual(40);
    expect(segments[0]).toBe('alpha beta gamma, delta epsilon zeta, ');
    expect(segments.join('')).toBe(text);
  });

  it('cuts text without spaces between user-perceived characters only', () => {
    const family = '👨‍👩‍👧‍👦'; // 11 code units
    const text = `${family}e\u0301`.repeat(10);
    const segments = segmentTexts(text, { maxChars: 15 });
    for (const s of segments) {
      expect(s.length).toBeLessThanOrEqual(15);
      expect(s).toBe(`${family}e\u0301`);
    }
  });

  it('warns when a single character cluster is longer than maxChars', () => {
    const { warnings } = sentenceRules.segment('👨‍👩‍👧‍👦', { maxChars: 3 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe('over-limit');
  });
});
