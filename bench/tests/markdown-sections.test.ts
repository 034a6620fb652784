import { describe, expect, it } from 'vitest';
import { splitMarkdownSections } from '../corpus/markdown-sections';

describe('splitMarkdownSections', () => {
  it('removes ATX, setext and HTML headings and splits at levels 1-3', () => {
    const md = [
      '<h1 align="center">Tool</h1>',
      'Intro text.',
      '',
      'Install',
      '=======',
      '',
      '```sh',
      '# not a heading: a shell comment',
      'npm i tool',
      '```',
      '## Usage',
      '- one',
      '- two',
      '#### Detail',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '### Empty',
      '## Last',
      'Bye.',
    ].join('\n');
    const shape = splitMarkdownSections(md);
    expect(shape.sections).toEqual([
      'Intro text.',
      '```sh\n# not a heading: a shell comment\nnpm i tool\n```',
      '- one\n- two\n| a | b |\n|---|---|\n| 1 | 2 |',
      'Bye.',
    ]);
    expect(shape.codeBlocks).toBe(1);
    expect(shape.listItems).toBe(2);
    expect(shape.tableRows).toBe(3);
  });

  it('keeps a horizontal rule after a paragraph of several lines', () => {
    const shape = splitMarkdownSections('line one\nline two\n---\nafter');
    expect(shape.sections).toEqual(['line one\nline two\n---\nafter']);
  });
});
