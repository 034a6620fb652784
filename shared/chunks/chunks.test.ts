import { describe, expect, it } from 'vitest';
import { describeDocument } from '../document/document-info';
import { segmentationFromCuts } from '../document/segmentation';
import type { SegmentationResult } from '../document/types';
import { readSegmentationFile, writeResult } from '../formats';
import { chunkExtras, ChunkOptionsError, chunkOptionsSchema, type ChunkOptionsInput } from './index';

function resultAt(text: string, cuts: number[]): SegmentationResult {
  return { document: describeDocument('doc.md', text), strategy: 'manual', segmentation: segmentationFromCuts(text, cuts), warnings: [], meta: {} };
}

function extrasOf(text: string, cuts: number[], options: ChunkOptionsInput, count?: (t: string) => number) {
  return chunkExtras(resultAt(text, cuts), text, chunkOptionsSchema.parse(options), count);
}

/** A counter that calls every run of non-space characters one token. */
const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;

describe('heading chains', () => {
  const text = [
    '# Guide', '', 'Intro text.', '', '## Install', '', 'Steps.', '', '### From source', '', 'Clone it.', '',
    '## Use', '', 'Run it.', '', 'Setext Title', '============', '', 'Body.', '',
  ].join('\n');
  const at = (needle: string) => text.indexOf(needle);

  it('lists the headings above each chunk, outermost first, dropping closed siblings', () => {
    const cuts = [at('## Install'), at('Clone it.'), at('## Use'), at('Run it.'), at('Setext Title'), at('Body.')];
    const chains = extrasOf(text, cuts, { headings: 'field' }).map((e) => e.headings);
    expect(chains).toEqual([
      [],
      ['Guide'],
      ['Guide', 'Install', 'From source'],
      ['Guide'],
      ['Guide', 'Use'],
      [],
      ['Setext Title'],
    ]);
  });

  it('prefix mode puts the chain in front of the content and keeps text verbatim', () => {
    const extras = extrasOf(text, [at('Clone it.')], { headings: 'prefix' });
    expect(extras[1]!.content).toBe('Guide > Install > From source\n\n' + text.slice(at('Clone it.')));
    expect(extras[0]!.content).toBeUndefined(); // no chain above the first chunk: content would equal text
  });

  it('reads headings in CRLF text', () => {
    const crlf = text.replace(/\n/g, '\r\n');
    const extras = extrasOf(crlf, [crlf.indexOf('Clone it.')], { headings: 'field' });
    expect(extras[1]!.headings).toEqual(['Guide', 'Install', 'From source']);
  });
});

describe('overlap', () => {
  const text = 'Alpha beta gamma delta epsilon. Zeta eta theta.';
  const cut = text.indexOf('Zeta');

  it('carries the previous segment end, never starting inside a word', () => {
    const [first, second] = extrasOf(text, [cut], { overlap: { size: 12, unit: 'chars' } });
    expect(first!.context_before).toBeUndefined();
    // 12 characters back lands inside "epsilon."; the context starts at the next word instead.
    expect(second!.context_before).toBe('epsilon. ');
    expect(second!.content).toBeUndefined();
  });

  it('counts tokens with the given tokenizer and can inline the context', () => {
    const [, second] = extrasOf(text, [cut], { overlap: { size: 2, unit: 'tokens', inline: true } }, wordCount);
    expect(second!.context_before).toBe('delta epsilon. ');
    expect(second!.content).toBe('delta epsilon. Zeta eta theta.');
  });

  it('looks back further than its first guess when the previous segment is long', () => {
    const long = 'w '.repeat(5000) + 'End.';
    const [, second] = extrasOf(long + ' Next.', [long.length + 1], { overlap: { size: 100, unit: 'tokens' } }, wordCount);
    expect(wordCount(second!.context_before!)).toBe(100);
  });

  it('refuses token units without a tokenizer', () => {
    expect(() => extrasOf(text, [cut], { overlap: { size: 2, unit: 'tokens' } })).toThrow(ChunkOptionsError);
  });
});

describe('block repair', () => {
  it('repeats a table header row in each continuation', () => {
    const table = '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n';
    const text = 'Intro.\n\n' + table + '\nAfter.\n';
    const cut = text.indexOf('| 3 |');
    const [first, second] = extrasOf(text, [cut], { repairBlocks: true });
    expect(first!.content).toBeUndefined();
    expect(second!.content).toBe('| a | b |\n|---|---|\n' + text.slice(cut));
  });

  it('re-opens and closes a fenced code block split between chunks, with its language', () => {
    const text = 'Text.\n\n```ts\nconst a = 1;\nconst b = 2;\nconst c = 3;\n```\n\nMore.\n';
    const cuts = [text.indexOf('const b'), text.indexOf('const c')];
    const [first, middle, last] = extrasOf(text, cuts, { repairBlocks: true });
    expect(first!.content).toBe(text.slice(0, cuts[0]) + '```\n');
    expect(middle!.content).toBe('```ts\nconst b = 2;\n```\n');
    expect(last!.content).toBe('```ts\n' + text.slice(cuts[1]));
  });

  it('works on CRLF text', () => {
    const text = '```py\r\nx = 1\r\ny = 2\r\n```\r\n';
    const cut = text.indexOf('y = 2');
    const [first, second] = extrasOf(text, [cut], { repairBlocks: true });
    expect(first!.content).toBe('```py\r\nx = 1\r\n```\n');
    expect(second!.content).toBe('```py\r\n' + text.slice(cut));
  });

  it('adds nothing when no block is cut', () => {
    const text = 'Para one.\n\n```js\nx()\n```\n\nPara two.\n';
    expect(extrasOf(text, [text.indexOf('Para two')], { repairBlocks: true }).every((e) => e.content === undefined)).toBe(true);
  });
});

describe('token counts and writers', () => {
  const text = '# Title\n\nOne two three.\n\n## Part\n\nFour five.\n';
  const cuts = [text.indexOf('## Part')];
  const options = chunkOptionsSchema.parse({ headings: 'prefix', overlap: { size: 3, unit: 'tokens' }, tokenizer: 'cl100k_base' });
  const result = resultAt(text, cuts);
  const extras = chunkExtras(result, text, options, wordCount);

  it('counts the tokens of what is embedded', () => {
    expect(extras.map((e) => e.tokens)).toEqual([wordCount(text.slice(0, cuts[0])), wordCount('Title\n\n' + text.slice(cuts[0]!))]);
  });

  it.each(['json', 'jsonl', 'markdown', 'csv'] as const)('%s carries the extras and still reads back to the same partition', (format) => {
    const written = writeResult(format, result, text, extras);
    expect(written).toContain('context_before');
    const back = readSegmentationFile(`x.${format === 'markdown' ? 'md' : format}`, written);
    expect(back.text).toBe(text);
    expect(back.result.segmentation.boundaries).toEqual(result.segmentation.boundaries);
  });

  it('writes byte-identical plain exports when no option is set', () => {
    const none = chunkExtras(result, text, chunkOptionsSchema.parse({}));
    expect(none).toEqual([]);
    for (const format of ['json', 'jsonl', 'markdown', 'csv'] as const) expect(writeResult(format, result, text, none)).toBe(writeResult(format, result, text));
  });
});
