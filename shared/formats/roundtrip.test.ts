import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../document/document-info';
import { segmentationFromCuts } from '../document/segmentation';
import type { SegmentationResult, SegmentNote } from '../document/types';
import { OFFSET_UNITS } from '../text/offset-units';
import { readCsv, readJson, readJsonl, readMarkdown, readSegmentationFile, writeCsv, writeJson, writeJsonl, writeMarkdown, writeResult } from './index';

/** Text made of the pieces most likely to confuse a format: markup, separators, odd Unicode. */
const PIECES = [
  'a', 'Word', ' ', '\n', '\r\n', '\r', '\n\n', '\t', '#', '## Heading', '> quote', '-->', '<!-- segment {"index":0} -->',
  '<!-- /segment -->', '"', '""', ',', ';', '========,1,title.', '😀', '👩‍👩‍👧', 'e\u0301', '漢字', 'ｶﾀｶﾅ', 'é', '\u2028', '\\', '{}', '`',
];
const textArb = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'grapheme', maxLength: 5 })), { maxLength: 40 }).map((p) => p.join(''));
const noteArb: fc.Arbitrary<SegmentNote> = fc.record(
  { topic: fc.string({ minLength: 1, maxLength: 12 }), summary: fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom('one\ntwo', '> x\n\n# y', ' ')), reviewed: fc.constant(true), confidence: fc.double({ min: 0, max: 1, noNaN: true }).map((c) => c + 0) },
  { requiredKeys: [] },
);
const nameArb = fc.oneof(fc.constantFrom('doc.md', 'notes, "draft".txt', 'файл.txt'), fc.string({ minLength: 1, maxLength: 10 }));

const resultArb = fc
  .tuple(textArb, fc.array(fc.nat(), { maxLength: 12 }), fc.array(noteArb, { maxLength: 14 }), nameArb, fc.constantFrom('structural', 'topic', 'x-y'))
  .map(([text, cuts, notes, name, strategy]) => {
    const candidate = segmentationFromCuts(text, cuts.map((c) => (text.length ? c % text.length : 0)));
    const starts = [0, ...candidate.boundaries];
    const segmentation = segmentationFromCuts(text, candidate.boundaries, new Map(starts.map((s, i) => [s, notes[i] ?? {}])));
    const result: SegmentationResult = {
      document: describeDocument(name, text),
      strategy,
      segmentation,
      // A warning's offset is a place in the text (a segment's start here), or, from a text since
      // changed, none: carried as it is.
      warnings: notes.length % 2
        ? [
            { code: 'head-not-found', message: 'no <match> --> here', head: 'A head', offset: starts.at(-1) ?? 0 },
            { code: 'head-not-found', message: 'elsewhere', offset: 1e9 },
          ]
        : [],
      meta: { elapsedMs: 12.5, options: { maxChars: 400 }, note: '-->' },
    };
    return { text, result };
  });

const withoutExtras = (result: SegmentationResult): SegmentationResult => ({ ...result, warnings: [], meta: {} });

describe('format round trips', () => {
  it.each(OFFSET_UNITS)('JSON in %s offsets gives back the text and the whole result exactly', (unit) => {
    fc.assert(
      fc.property(resultArb, ({ text, result }) => {
        expect(readJson('r.json', writeJson(result, text, undefined, unit))).toEqual({ text, result });
      }),
    );
  });

  it.each(OFFSET_UNITS)('Markdown in %s offsets gives back the text and the whole result exactly, topics as headings or not', (unit) => {
    fc.assert(
      fc.property(resultArb, fc.boolean(), ({ text, result }, topicHeadings) => {
        const markdown = writeMarkdown(result, text, undefined, unit, { topicHeadings });
        expect(readMarkdown('r.md', markdown)).toEqual({ text, result });
        // And it equals the JSON reading: the two formats are interchangeable.
        expect(readMarkdown('r.md', markdown)).toEqual(readJson('r.json', writeJson(result, text)));
      }),
    );
  });

  it.each(OFFSET_UNITS)('JSONL in %s offsets gives back the text, document, strategy and segmentation', (unit) => {
    fc.assert(
      fc.property(resultArb.filter(({ text }) => text.length > 0), ({ text, result }) => {
        expect(readJsonl('r.jsonl', writeJsonl(result, text, undefined, unit))).toEqual({ text, result: withoutExtras(result) });
      }),
    );
  });

  it.each(OFFSET_UNITS)('CSV in %s offsets gives back the text, document, strategy and segmentation', (unit) => {
    fc.assert(
      fc.property(resultArb.filter(({ text }) => text.length > 0), ({ text, result }) => {
        expect(readCsv('r.csv', writeCsv(result, text, undefined, unit))).toEqual({ text, result: withoutExtras(result) });
      }),
    );
  });

  it('dispatches by extension', () => {
    fc.assert(
      fc.property(resultArb.filter(({ text }) => text.length > 0), ({ text, result }) => {
        for (const [format, file] of [['json', 'a.json'], ['markdown', 'a.md'], ['jsonl', 'a.jsonl'], ['csv', 'a.CSV']] as const) {
          const back = readSegmentationFile(file, writeResult(format, result, text));
          expect(back.text).toBe(text);
          expect(back.result.segmentation).toEqual(result.segmentation);
        }
      }),
      { numRuns: 30 },
    );
  });
});
