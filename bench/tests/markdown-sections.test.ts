import { describe, expect, it } from 'vitest';
import { splitMarkdownSections } from '../corpus/markdown-sections';

const MD = [
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

describe('splitMarkdownSections', () => {
  it('removes ATX, setext and HTML headings and splits at levels 1-3', () => {
    const shape = splitMarkdownSections(MD);
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

  it('with keepHeadings, opens each section with its headings: the same sections otherwise', () => {
    const kept = splitMarkdownSections(MD, { keepHeadings: true });
    expect(kept.sections).toEqual([
      '<h1 align="center">Tool</h1>\nIntro text.',
      'Install\n=======\n\n```sh\n# not a heading: a shell comment\nnpm i tool\n```',
      // A deeper heading stays inline; an empty section's heading opens the next one.
      '## Usage\n- one\n- two\n#### Detail\n| a | b |\n|---|---|\n| 1 | 2 |',
      '### Empty\n## Last\nBye.',
    ]);
    const removed = splitMarkdownSections(MD);
    expect(kept.sections).toHaveLength(removed.sections.length);
    expect({ ...kept, sections: [] }).toEqual({ ...removed, sections: [] });
  });

  it('with keepHeadings, a nested heading with no body of its own stays above its child', () => {
    const kept = splitMarkdownSections('# API\n\n## get(key)\nReads a key.\n\n## set(key)\nWrites one.', { keepHeadings: true });
    expect(kept.sections).toEqual(['# API\n\n## get(key)\nReads a key.', '## set(key)\nWrites one.']);
  });

  it('keeps a horizontal rule after a paragraph of several lines', () => {
    const shape = splitMarkdownSections('line one\nline two\n---\nafter');
    expect(shape.sections).toEqual(['line one\nline two\n---\nafter']);
  });
});
