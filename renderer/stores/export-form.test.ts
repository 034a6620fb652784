import { describe, expect, it } from 'vitest';
import { chunkOptionsOf, useExportForm } from './export-form';

describe('export form', () => {
  const base = useExportForm.getState().form;

  it('adds nothing by default', () => {
    expect(chunkOptionsOf(base)).toEqual({ options: { headings: 'off', repairBlocks: false, offsets: 'codepoint', topicHeadings: false } });
  });

  it('turns the typed fields into chunk options', () => {
    const form = { ...base, overlap: ' 40 ', overlapUnit: 'tokens' as const, overlapInline: true, headings: 'field' as const, tokenizer: 'o200k_base' as const, offsets: 'utf8' as const, topicHeadings: true };
    expect(chunkOptionsOf(form)).toEqual({
      options: { overlap: { size: 40, unit: 'tokens', inline: true }, headings: 'field', repairBlocks: false, tokenizer: 'o200k_base', offsets: 'utf8', topicHeadings: true },
    });
  });

  it('explains an overlap that is not a whole number or out of range', () => {
    expect(chunkOptionsOf({ ...base, overlap: '1.5' })).toEqual({ error: 'Overlap must be a whole number (got "1.5").' });
    expect(chunkOptionsOf({ ...base, overlap: '0' })).toMatchObject({ error: expect.stringMatching(/overlap\.size/) });
  });
});
