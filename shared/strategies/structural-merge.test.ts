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

  it('reads a term over its `: definition` line as a term, so small entries merge (bash.html variables)', () => {
    const entries = ['BASH', 'BASHPID', 'PPID', 'PWD'].map((v) => `${v}\n: The ${v.toLowerCase()} variable, in one short line.\n\n`).join('');
    const text = `## Shell Variables\n\n${entries}`;
    const segments = texts(text, { minChars: 100 });
    expect(segments.length).toBeLessThan(3);
    for (const s of segments.slice(0, -1)) expect(s.trim().length).toBeGreaterThanOrEqual(100);
  });

  it('lets a top-level heading join a tiny piece before it that is no section: a contents list, a `#` comment', () => {
    const contents = 'SYNOPSIS\n\nCOPYRIGHT\n\nDESCRIPTION\n\nOPTIONS\n\nARGUMENTS\n\nINVOCATION\n\n';
    expect(texts(contents, { minChars: 100 })).toEqual([contents]);
    const config = '# use a visible bell\nset bell-style visible\n\n# keep 8 bits\nset input-meta on\n\n# allow iso-latin1\nset convert-meta off\n';
    expect(texts(config, { minChars: 100 })).toEqual([config]);
    // A man page's sections with a body of their own still each start a segment.
    const man = 'NAME\n       uuidd - UUID daemon\n\nSYNOPSIS\n       uuidd [options]\n';
    expect(texts(man, { minChars: 100 })).toEqual(['NAME\n       uuidd - UUID daemon\n\n', 'SYNOPSIS\n       uuidd [options]\n']);
  });

  it('joins a small last sibling to the one before it when a higher heading follows', () => {
    const long = 'This section has enough words in it to be well over the minimum of the merger here. ';
    const text = `## A\n\n${long}\n\n## B\n\nshort b.\n\n# Next chapter\n\n${long}\n`;
    expect(texts(text, { minChars: 60 }).map((s) => s.split('\n')[0])).toEqual(['## A', '# Next chapter']);
  });
});
