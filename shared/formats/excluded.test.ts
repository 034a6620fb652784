import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../document/document-info';
import { segmentationFromCuts } from '../document/segmentation';
import type { SegmentationResult } from '../document/types';
import { setExcluded } from '../edit/operations';
import { decodeCsv, FORMAT_NAMES, readJson, readJsonl, readMarkdown, readCsv, readTraining, writeCsv, writeJson, writeJsonl, writeMarkdown, writeResult, writeTraining } from './index';

const TEXT = '# Contents\n\n1. One .... 3\n2. Two .... 9\n\n# One\n\nThe first chapter talks about sheep.\n\n# Two\n\nThe second one talks about goats.\n\n# Licence\n\nMIT, all of it.\n';
const CUTS = ['# One', '# Two', '# Licence'].map((h) => TEXT.indexOf(h));

function resultOf(text: string, cuts: readonly number[], excluded: readonly number[] = []): SegmentationResult {
  let segmentation = segmentationFromCuts(text, cuts);
  for (const i of excluded) segmentation = setExcluded(text, segmentation, i, true);
  return { document: describeDocument('book.md', text), strategy: 'structural', segmentation, warnings: [], meta: {} };
}

describe('segments left out of export', () => {
  const result = resultOf(TEXT, CUTS, [0, 3]);

  it('leaves them out of JSON, JSONL, Markdown and CSV, keeping the others their index', () => {
    const json = JSON.parse(writeJson(result, TEXT)) as { segments: Array<{ index: number; text: string }> };
    expect(json.segments.map((s) => s.index)).toEqual([1, 2]);
    expect(json.segments.map((s) => s.text).join('')).not.toContain('Contents');
    const lines = writeJsonl(result, TEXT).trim().split('\n').map((l) => JSON.parse(l) as { index: number });
    expect(lines.map((l) => l.index)).toEqual([1, 2]);
    const markdown = writeMarkdown(result, TEXT);
    expect(markdown).not.toContain('MIT, all of it');
    expect(markdown).toContain('sheep');
    const csv = writeCsv(result, TEXT);
    expect(decodeCsv('r.csv', csv).filter((r) => r.length > 1)).toHaveLength(3);
    expect(csv).not.toContain('Licence');
  });

  it('says why such a file does not read back', () => {
    expect(() => readJson('r.json', writeJson(result, TEXT))).toThrow(/left out of this export/);
    expect(() => readJsonl('r.jsonl', writeJsonl(result, TEXT))).toThrow(/left out of this export/);
    expect(() => readMarkdown('r.md', writeMarkdown(result, TEXT))).toThrow(/left out of this export/);
    // CSV rows carry offsets; the gap is refused as one (the first row does not start at 0).
    expect(() => readCsv('r.csv', writeCsv(result, TEXT))).toThrow(/starts at/);
  });

  it('keeps them in the training exports, as segments', () => {
    const training = readTraining('t.json', writeTraining(result, TEXT));
    expect(training.result.segmentation.boundaries).toHaveLength(3);
    expect(writeResult('wiki727k', result, TEXT)).toContain('MIT, all of it');
  });

  it('never changes the training export or its boundaries (property)', () => {
    const piece = fc.constantFrom('Word', ' ', '.', '\n', '\n\n', '# H\n', 'é', '😀', 'Another sentence. ');
    const text = fc.array(piece, { minLength: 1, maxLength: 60 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(500), { maxLength: 12 }), fc.array(fc.nat(20), { maxLength: 12 }), (t, cuts, marks) => {
        const plain = resultOf(t, cuts);
        const count = plain.segmentation.notes.length;
        const excluded = resultOf(t, cuts, [...new Set(marks.map((m) => m % count))]);
        expect(excluded.segmentation.boundaries).toEqual(plain.segmentation.boundaries);
        expect(writeTraining(excluded, t)).toBe(writeTraining(plain, t));
        expect(writeResult('wiki727k', excluded, t)).toBe(writeResult('wiki727k', plain, t));
        // And the retrieval exports hold exactly the segments not excluded.
        const kept = excluded.segmentation.notes.flatMap((n, i) => (n.excluded ? [] : [i]));
        const json = JSON.parse(writeJson(excluded, t)) as { segments: Array<{ index: number }> };
        expect(json.segments.map((s) => s.index)).toEqual(kept);
      }),
      { numRuns: 300 },
    );
  });

  it('every format name is either a retrieval export that leaves them out or a training one that keeps them', () => {
    const kept = FORMAT_NAMES.filter((f) => writeResult(f, result, TEXT).includes('MIT, all of it'));
    expect(kept.sort()).toEqual(['training', 'wiki727k']);
  });
});
