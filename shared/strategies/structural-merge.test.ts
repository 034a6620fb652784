import { describe, expect, it } from 'vitest';
import { assertValidSegmentation, toSegments } from '../document/segmentation';
import { structural } from './structural';

function texts(text: string, options: Parameters<typeof structural.segment>[1] = {}): string[] {
  const { segmentation } = structural.segment(text, options);
  assertValidSegmentation(text, segmentation);
  return toSegments(text, segmentation).map((s) => s.text);
}

describe('structural: small sections merge', () => {
  it('merges sibling sections under the minimum forward until the minimum', () => {
    const terms = Array.from({ length: 8 }, (_, i) => `### term${i}\n\nOne short definition ${i}.\n`).join('\n');
    const text = `## Glossary\n\n${'The glossary explains the words this manual uses, in the order people meet them. '.repeat(2)}\n\n${terms}`;
    const segments = texts(text, { minChars: 100 });
    // Each term alone is about 40 characters: they come in groups that reach the minimum.
    for (const s of segments.slice(0, -1)) expect(s.trim().length).toBeGreaterThanOrEqual(100);
    expect(segments.length).toBeLessThan(5);
    expect(segments.join('')).toBe(text);
  });

  it('never merges across a heading of a higher level, nor into a top-level heading', () => {
    const text = '## A\n\nshort a.\n\n## B\n\nshort b.\n\n# Chapter\n\nshort c.\n\n## C\n\nshort d.\n';
    const segments = texts(text, { minChars: 100 });
    // A and B are siblings: one piece. The chapter always starts a segment; C then joins it (forward after a heading).
    expect(segments).toEqual(['## A\n\nshort a.\n\n## B\n\nshort b.\n\n', '# Chapter\n\nshort c.\n\n## C\n\nshort d.\n']);
  });

  it('joins a small last sibling to the one before it when a higher heading follows', () => {
    const long = 'This section has enough words in it to be well over the minimum of the merger here. ';
    const text = `## A\n\n${long}\n\n## B\n\nshort b.\n\n# Next chapter\n\n${long}\n`;
    expect(texts(text, { minChars: 60 }).map((s) => s.split('\n')[0])).toEqual(['## A', '# Next chapter']);
  });
});
