import { describe, expect, it } from 'vitest';
import { describeDocument } from '../document/document-info';
import { segmentationFromCuts } from '../document/segmentation';
import type { SegmentationResult, SegmentNote } from '../document/types';
import {
  decodeCsv,
  encodeCsv,
  FormatError,
  readCsv,
  readJson,
  readJsonl,
  readMarkdown,
  readSegmentationFile,
  readTraining,
  readWiki727k,
  toTrainingExample,
  writeCsv,
  writeJson,
  writeMarkdown,
  writeResult,
  writeTraining,
  writeWiki727k,
} from './index';

function resultFor(text: string, cuts: number[], notes: SegmentNote[] = []): SegmentationResult {
  const starts = [0, ...cuts];
  return {
    document: describeDocument('doc.md', text),
    strategy: 'structural',
    segmentation: segmentationFromCuts(text, cuts, new Map(starts.map((s, i) => [s, notes[i] ?? {}]))),
    warnings: [],
    meta: {},
  };
}

const TEXT = '# Intro\n\nFirst part. It has two sentences.\n\n## Next\n\nSecond part.\n';
const CUTS = [TEXT.indexOf('## Next')];

function expectFormatError(read: () => unknown, message: RegExp): void {
  expect(read).toThrow(FormatError);
  expect(read).toThrow(message);
}

describe('JSON', () => {
  it('writes the documented shape', () => {
    const json = JSON.parse(writeJson(resultFor(TEXT, CUTS, [{ topic: 'Intro' }, { summary: '' }]), TEXT));
    expect(json.version).toBe(1);
    expect(json.document).toEqual({ name: 'doc.md', chars: TEXT.length, sha256: describeDocument('', TEXT).sha256 });
    expect(json.segments).toEqual([
      { index: 0, start: 0, end: CUTS[0], text: TEXT.slice(0, CUTS[0]), head: '# Intro First part. It has two sentences.', topic: 'Intro' },
      { index: 1, start: CUTS[0], end: TEXT.length, text: TEXT.slice(CUTS[0]), head: '## Next Second part.' },
    ]);
  });

  it('refuses files that do not describe their text', () => {
    const good = JSON.parse(writeJson(resultFor(TEXT, CUTS), TEXT));
    const edit = (change: (j: typeof good) => void) => {
      const copy = structuredClone(good);
      change(copy);
      return JSON.stringify(copy);
    };
    expectFormatError(() => readJson('g.json', '{"version":1,'), /g\.json: not valid JSON/);
    expectFormatError(() => readJson('g.json', '[]'), /g\.json: \(top level\)/);
    expectFormatError(() => readJson('g.json', edit((j) => (j.version = 2))), /version: version must be 1/);
    expectFormatError(() => readJson('g.json', edit((j) => delete j.segments)), /g\.json: segments:/);
    expectFormatError(() => readJson('g.json', edit((j) => (j.segments[1].text += 'x'))), /segment 1 spans .* but its text has/);
    expectFormatError(() => readJson('g.json', edit((j) => (j.segments[1].start += 1))), /segment 1 starts at .*contiguous/);
    expectFormatError(() => readJson('g.json', edit((j) => (j.segments[0].text = j.segments[0].text.replace('First', 'Fir5t')))), /sha256 does not match/);
    expectFormatError(() => readJson('g.json', edit((j) => (j.document.chars = 3))), /document.chars says 3/);
    expectFormatError(() => readJson('g.json', edit((j) => (j.segments[1].index = 5))), /segments\[1\] has index 5/);
  });

  it('refuses a boundary between CR and LF', () => {
    const text = 'a\r\nb';
    const file = {
      version: 1,
      document: describeDocument('x', text),
      strategy: 's',
      segments: [
        { index: 0, start: 0, end: 2, text: 'a\r' },
        { index: 1, start: 2, end: 4, text: '\nb' },
      ],
    };
    expectFormatError(() => readJson('x.json', JSON.stringify(file)), /boundary 2 is not a safe cut/);
  });

  it('reads an empty document as zero segments', () => {
    const empty = resultFor('', []);
    expect(readJson('e.json', writeJson(empty, ''))).toEqual({ text: '', result: empty });
  });

  it('will not write a result for another text', () => {
    expect(() => writeResult('json', resultFor(TEXT, CUTS), TEXT + ' ')).toThrow(/made for a different text/);
  });
});

describe('Markdown', () => {
  const HEADINGS = { topicHeadings: true };

  it('shows topics as headings, when asked, and summaries as quotes around the verbatim text', () => {
    const result = resultFor(TEXT, CUTS, [{ topic: 'Intro\nline', summary: 'One.\nTwo.' }, { reviewed: true }]);
    const md = writeMarkdown(result, TEXT, undefined, 'codepoint', HEADINGS);
    const lines = md.split('\n');
    expect(lines[0]).toMatch(/^<!-- segment-workbench v1 \{"offsets":"codepoint","topic_headings":true,"document":\{"name":"doc.md"/);
    expect(lines[2]).toBe('<!-- segment {"index":0,"start":0,"end":44,"topic":"Intro\\nline","summary":"One.\\nTwo."} -->');
    expect(lines.slice(3, 7)).toEqual(['## Intro line', '> One.', '> Two.', '']);
    expect(md).toContain('\n<!-- segment {"index":1,"start":44,"end":66,"reviewed":true} -->\n## Next\n\nSecond part.\n\n<!-- /segment -->\n\n');
    expect(readMarkdown('m.md', md)).toEqual({ text: TEXT, result });
    expect(writeResult('markdown', result, TEXT, undefined, 'codepoint', HEADINGS)).toBe(md);
  });

  it('writes no topic heading by default: the topic lives in the marker, the summary is still quoted', () => {
    const result = resultFor(TEXT, CUTS, [{ topic: 'Intro\nline', summary: 'One.\nTwo.' }, { topic: 'Later' }]);
    const md = writeMarkdown(result, TEXT);
    const lines = md.split('\n');
    expect(lines[0]).toMatch(/^<!-- segment-workbench v1 \{"offsets":"codepoint","topic_headings":false,"document":/);
    expect(lines[2]).toBe('<!-- segment {"index":0,"start":0,"end":44,"topic":"Intro\\nline","summary":"One.\\nTwo."} -->');
    expect(lines.slice(3, 7)).toEqual(['> One.', '> Two.', '', '# Intro']);
    expect(md).toContain('\n<!-- segment {"index":1,"start":44,"end":66,"topic":"Later"} -->\n## Next\n\nSecond part.\n\n<!-- /segment -->\n\n');
    expect(md).not.toContain('## Intro line');
    expect(md).not.toContain('## Later');
    expect(readMarkdown('m.md', md)).toEqual({ text: TEXT, result });
    expect(writeResult('markdown', result, TEXT)).toBe(md);
  });

  it('reads text that looks like a topic heading as text when headings were not written', () => {
    const text = '## Intro\n\nBody.\n';
    const result = resultFor(text, [], [{ topic: 'Intro' }]);
    const md = writeMarkdown(result, text);
    expect(readMarkdown('m.md', md)).toEqual({ text, result });
    const withHeadings = writeMarkdown(result, text, undefined, 'codepoint', HEADINGS);
    expect(withHeadings).toContain(' -->\n## Intro\n\n## Intro\n\nBody.\n');
    expect(readMarkdown('m.md', withHeadings)).toEqual({ text, result });
  });

  it('reads a file from before the choice (no topic_headings in its header: topics were headings)', () => {
    const result = resultFor(TEXT, CUTS, [{ topic: 'Intro' }, { topic: 'Next' }]);
    const old = writeMarkdown(result, TEXT, undefined, 'codepoint', HEADINGS).replace('"topic_headings":true,', '');
    expect(old).not.toContain('topic_headings');
    expect(readMarkdown('m.md', old)).toEqual({ text: TEXT, result });
  });

  it('tells a heading added to a file written without headings from the text', () => {
    const md = writeMarkdown(resultFor(TEXT, CUTS, [{ topic: 'Intro' }]), TEXT);
    expectFormatError(() => readMarkdown('m.md', md.replace(' -->\n# Intro', ' -->\n## Intro\n\n# Intro')), /segment 0 does not end where its offsets say/);
  });

  it('escapes marker look-alikes inside notes', () => {
    const md = writeMarkdown(resultFor(TEXT, [], [{ topic: 'a --> b <!-- c' }]), TEXT);
    expect(md).toContain('"topic":"a --\\u003e b \\u003c!-- c"');
    expect(readMarkdown('m.md', md).result.segmentation.notes[0]?.topic).toBe('a --> b <!-- c');
  });

  it('explains what is wrong with an edited or foreign file', () => {
    const md = writeMarkdown(resultFor(TEXT, CUTS, [{ topic: 'Intro' }]), TEXT, undefined, 'codepoint', HEADINGS);
    expectFormatError(() => readMarkdown('m.md', TEXT), /not a Segment Workbench Markdown export/);
    expectFormatError(() => readMarkdown('m.md', md.replace('## Intro', '## Introduction')), /heading or summary lines of segment 0 were edited/);
    expectFormatError(() => readMarkdown('m.md', md.replace('First part', 'First  part')), /segment 0 does not end where its offsets say/);
    expectFormatError(() => readMarkdown('m.md', md.replace(/\n/g, '\r\n')), /m\.md/);
    expectFormatError(() => readMarkdown('m.md', md.slice(0, -40)), /segment 1/);
  });
});

describe('CSV', () => {
  it('quotes as RFC 4180 says and reads its own quoting back', () => {
    const rows = [['a', 'b,c', 'say "hi"', 'line\r\nbreak', '', 'lf\nonly']];
    const csv = encodeCsv(rows);
    expect(csv).toBe('a,"b,c","say ""hi""","line\r\nbreak",,"lf\nonly"\r\n');
    expect(decodeCsv('x', csv)).toEqual(rows);
    expect(decodeCsv('x', 'a,b\nc,""')).toEqual([['a', 'b'], ['c', '']]);
  });

  it('has one header and one record per segment', () => {
    const csv = writeCsv(resultFor(TEXT, CUTS, [{ topic: 'Intro' }]), TEXT);
    const [header, first] = decodeCsv('x', csv);
    expect(header).toEqual(['document', 'sha256', 'strategy', 'index', 'offsets', 'start', 'end', 'head', 'topic', 'summary', 'reviewed', 'confidence', 'continues', 'text']);
    expect(first?.slice(2, 9)).toEqual(['structural', '0', 'codepoint', '0', '44', '# Intro First part. It has two sentences.', 'Intro']);
  });

  it('writes the block a segment continues, as the JSON does, and reads it back', () => {
    const result = resultFor(TEXT, CUTS, [{}, { continues: 'list' }]);
    const csv = writeCsv(result, TEXT);
    const [header, first, second] = decodeCsv('x', csv);
    const at = (header ?? []).indexOf('continues');
    expect([first?.[at], second?.[at]]).toEqual(['', 'list']);
    expect(readCsv('c.csv', csv).result.segmentation.notes.map((n) => n.continues)).toEqual(readJson('c.json', writeJson(result, TEXT)).result.segmentation.notes.map((n) => n.continues));
    expect(readCsv('c.csv', csv).result.segmentation.notes[1]?.continues).toBe('list');
    expectFormatError(() => readCsv('c.csv', csv.replace(',list,', ',lists,')), /record 2: continues must be list, table, code, math or empty/);
  });

  it('reads a minimal hand-made CSV and refuses broken ones', () => {
    const { text, result } = readCsv('h.csv', 'start,end,text\n0,3,abc\n3,5,de\n');
    expect(text).toBe('abcde');
    expect(result.segmentation.boundaries).toEqual([3]);
    expect(result.document.name).toBe('h.csv');
    expectFormatError(() => readCsv('h.csv', 'start,end\n0,3\n'), /no 'text' column/);
    expectFormatError(() => readCsv('h.csv', 'start,end,text\n0,3,"abc\n'), /quoted field opened on line 2 is never closed/);
    expectFormatError(() => readCsv('h.csv', 'start,end,text\n0,x,abc\n'), /record 1: end must be a non-negative integer/);
    expectFormatError(() => readCsv('h.csv', 'start,end,text\n0,3,abc,extra\n'), /record 1 has 4 fields/);
    expectFormatError(() => readCsv('h.csv', 'start,end,text\n0,3,a"bc\n'), /a quote inside an unquoted field/);
    expectFormatError(() => readCsv('h.csv', ''), /empty CSV/);
  });
});

describe('JSONL', () => {
  it('refuses lines from different documents and bad lines, naming the line', () => {
    const line = (o: object) => JSON.stringify({ document: 'd', sha256: 'x', chars: 2, strategy: 's', ...o });
    expectFormatError(() => readJsonl('r.jsonl', `${line({ index: 0, start: 0, end: 1, text: 'a' })}\n{oops\n`), /r\.jsonl line 2: not valid JSON/);
    expectFormatError(
      () => readJsonl('r.jsonl', `${line({ index: 0, start: 0, end: 1, text: 'a' })}\n${line({ document: 'e', index: 1, start: 1, end: 2, text: 'b' })}\n`),
      /line 2 belongs to another document/,
    );
    expectFormatError(() => readJsonl('r.jsonl', line({ index: 0, start: 0, end: 1 })), /r\.jsonl line 1: text:/);
  });

  it('reads an empty file as an empty document', () => {
    expect(readJsonl('e.jsonl', '').text).toBe('');
  });
});

describe('training format', () => {
  it("writes the seed's sections of sentences, with topics and summaries when there are any", () => {
    const result = resultFor(TEXT, CUTS, [{ topic: 'Intro', summary: 'Starts.' }, {}]);
    expect(toTrainingExample(result, TEXT)).toEqual({
      sections: [['# Intro', 'First part.', 'It has two sentences.'], ['## Next', 'Second part.']],
      topics: ['Intro', ''],
      summaries: ['Starts.', ''],
    });
    expect(JSON.parse(writeTraining(resultFor(TEXT, CUTS), TEXT))).toEqual({
      sections: [['# Intro', 'First part.', 'It has two sentences.'], ['## Next', 'Second part.']],
    });
  });

  it('reads sections back as segments, keeping every word', () => {
    const { text, result } = readTraining('t.json', writeTraining(resultFor(TEXT, CUTS, [{ topic: 'Intro' }]), TEXT));
    expect(text).toBe('# Intro First part. It has two sentences.\n\n## Next Second part.');
    expect(result.segmentation.boundaries).toEqual([text.indexOf('## Next')]);
    expect(result.segmentation.notes).toEqual([{ topic: 'Intro' }, {}]);
    expect(text.replace(/\s/g, '')).toBe(TEXT.replace(/\s/g, ''));
  });

  it('is recognised in .json files by its shape, and refused when inconsistent', () => {
    expect(readSegmentationFile('t.json', '{"sections":[["A."],["B."]]}').result.segmentation.boundaries).toEqual([4]);
    expectFormatError(() => readTraining('t.json', '{"sections":[["A."]],"topics":["a","b"]}'), /topics has 2 entries for 1 sections/);
    expectFormatError(() => readTraining('t.json', '{"sections":[[1]]}'), /sections\.0\.0/);
    expectFormatError(() => readSegmentationFile('package.json', '{"name":"x"}'), /package\.json: not a segmentation \(expected a result with "segments"/);
    expectFormatError(() => readSegmentationFile('list.json', '[1]'), /list\.json: not a segmentation/);
  });
});

describe('WIKI-727K', () => {
  const FILE = '========,1,preface.\nFirst line.\nSecond line.\n========,2,U.S. history.\n***LIST***\n========,2,Empty.\n========,3,Inner.\nLast.\n';

  it('reads markers as boundaries with titles as topics, text verbatim', () => {
    const { text, result } = readWiki727k('wiki_42', FILE);
    expect(text).toBe('First line.\nSecond line.\n***LIST***\nLast.\n');
    expect(result.segmentation.boundaries).toEqual([25, 36]);
    // "Empty." has no text: the innermost title names the section it heads.
    expect(result.segmentation.notes).toEqual([{ topic: 'preface' }, { topic: 'U.S. history' }, { topic: 'Inner' }]);
    expect(result.meta).toEqual({ levels: [1, 2, 2, 3] });
    expect(result.strategy).toBe('wiki727k');
  });

  it('handles CRLF files and text before the first marker', () => {
    const { text, result } = readWiki727k('w', 'Lead.\r\n========,1,A.\r\nBody.\r\n');
    expect(text).toBe('Lead.\r\nBody.\r\n');
    expect(result.segmentation.boundaries).toEqual([7]);
  });

  it('writes a marker before each segment and reads it back', () => {
    const result = resultFor('One.\nTwo.', [5], [{ topic: 'First' }]);
    const wiki = writeWiki727k(result, 'One.\nTwo.');
    expect(wiki).toBe('========,1,First.\nOne.\n========,1,.\nTwo.\n');
    const back = readSegmentationFile('wiki_1', wiki);
    expect(back.text).toBe('One.\nTwo.\n');
    expect(back.result.segmentation).toEqual({ boundaries: [5], notes: [{ topic: 'First' }, {}] });
  });

  it('refuses text without markers', () => {
    expectFormatError(() => readWiki727k('w', 'just text\n'), /no WIKI-727K section lines/);
    expectFormatError(() => readSegmentationFile('notes.txt', 'just text\n'), /not a segmentation file/);
  });
});
