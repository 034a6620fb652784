import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toSegments } from '../document/segmentation';
import { sentenceStarts } from '../text/sentences';
import { resolveLimits, splitToFit } from './limits';
import { sentenceRules } from './sentence-rules';

function segmentTexts(text: string, options = {}): string[] {
  return toSegments(text, sentenceRules.segment(text, options).segmentation).map((s) => s.text);
}

describe('sentence-rules', () => {
  it('cuts at every sentence end and every line', () => {
    expect(segmentTexts('First one. Second one!\nA line\n\nLast? Yes.')).toEqual(['First one. ', 'Second one!\n', 'A line\n\n', 'Last? ', 'Yes.']);
  });

  it('does not cut at the line breaks of a hard-wrapped paragraph (a German man page as man prints it)', () => {
    const text = readFileSync(new URL('../../test/fixtures/manpages/uuidd.8.de.txt', import.meta.url), 'utf8');
    const description = text.slice(text.indexOf('       Der uuidd-Daemon'), text.indexOf('\n\nOPTIONEN'));
    expect(description.split('\n')).toHaveLength(5);
    expect(segmentTexts(description)).toEqual([description]); // one sentence over five lines
  });

  it('splits between two sentence starts from the clause level with the same cuts as from the paragraph level', () => {
    // sentence-rules skips the paragraph, line and sentence levels: they hold no cut there.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const atoms = ['word ', 'Mr. ', 'e.g. ', 'end. ', 'Yes! ', '\n', '\r\n', '\n\n', ' \n', '\u00a0\n', '2. ', 'x, ', '; ', '。', '"', ') ', 'é', 'J. '];
    for (let n = 0; n < 300; n++) {
      let text = '';
      for (let i = 0, length = 1 + Math.floor(next() * 80); i < length; i++) text += atoms[Math.floor(next() * atoms.length)];
      const limits = resolveLimits({ maxChars: 1 + Math.floor(next() * 30) }, 1000);
      const starts = sentenceStarts(text);
      for (let i = 0; i < starts.length; i++) {
        const [start, end] = [starts[i] as number, starts[i + 1] ?? text.length];
        expect(splitToFit(text, start, end, limits, undefined, 'clause')).toEqual(splitToFit(text, start, end, limits));
      }
    }
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
