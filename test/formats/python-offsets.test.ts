/**
 * The exported offsets, sliced by Python as a RAG pipeline would: every JSON, JSONL and CSV
 * export names its unit, and `text[start:end]` in that unit (str indices for code points, the
 * UTF-16LE or UTF-8 bytes otherwise) gives back each segment's text exactly, on a text with
 * emoji, ZWJ sequences, flags, combining marks, CJK and CRLF line ends. Also through the
 * command line: segment's default unit, and convert reading a file that names none as UTF-16.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { readSegmentationFile, writeResult } from '../../shared/formats';
import { OFFSET_UNITS } from '../../shared/text/offset-units';
import { runCliFromSource } from '../cli/support/run-cli';
import { scratchDir } from '../support/scratch-dir';

const dir = scratchDir('python-offsets-');

const TEXT = [
  '# Emoji 😀 and families 👩‍👩‍👧 (ZWJ)\r\n',
  '\r\n',
  'Flags 🇩🇪🇯🇵 and a rainbow flag 🏳️‍🌈 stand here.\r\n',
  '\r\n',
  'Combining: e\u0301te\u0301, n\u0303, Z\u0351\u0352\u0353.\r\n',
  '漢字とかなの文。中文句子。한국어 문장.\r\n',
  '\r\n',
  'Tail 🧑🏽‍💻 with skin tone, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 math letters, done.\r\n',
].join('');

/** Reads every file named on the command line and slices its offsets in the unit it names. */
const PYTHON = String.raw`
import csv, json, sys
text = open(sys.argv[1], encoding='utf-8', newline='').read()
def cut(unit, start, end):
    if unit == 'codepoint': return text[start:end]
    if unit == 'utf16': return text.encode('utf-16-le')[2 * start:2 * end].decode('utf-16-le')
    if unit == 'utf8': return text.encode('utf-8')[start:end].decode('utf-8')
    raise SystemExit('unknown unit ' + unit)
report = {}
for path in sys.argv[2:]:
    if path.endswith('.jsonl'):
        rows = [json.loads(line) for line in open(path, encoding='utf-8') if line.strip()]
    elif path.endswith('.csv'):
        rows = list(csv.DictReader(open(path, encoding='utf-8', newline='')))
        for row in rows: row['start'], row['end'] = int(row['start']), int(row['end'])
    else:
        data = json.load(open(path, encoding='utf-8'))
        rows = [dict(segment, offsets=data['offsets']) for segment in data['segments']]
    units = sorted({row['offsets'] for row in rows})
    wrong = [row['index'] for row in rows if cut(row['offsets'], row['start'], row['end']) != row['text']]
    report[path] = {'units': units, 'segments': len(rows), 'wrong': wrong, 'joined': ''.join(r['text'] for r in rows) == text}
print(json.dumps(report))
`;

function slicedByPython(files: string[]): Record<string, { units: string[]; segments: number; wrong: unknown[]; joined: boolean }> {
  writeFileSync(join(dir, 'text.txt'), TEXT);
  writeFileSync(join(dir, 'slice.py'), PYTHON);
  return JSON.parse(execFileSync('python3', [join(dir, 'slice.py'), join(dir, 'text.txt'), ...files], { encoding: 'utf8' }));
}

/** A cut after nearly every code unit that may take one: after each emoji, flag, mark, CJK character and CRLF. */
function densely() {
  const cuts = Array.from({ length: TEXT.length }, (_, i) => i).filter((i) => i % 3 === 1);
  return segmentationFromCuts(TEXT, cuts);
}

describe('exported offsets sliced in Python', () => {
  it('gives back every segment in every format and unit', () => {
    const result = { document: describeDocument('mixed.txt', TEXT), strategy: 'structural', segmentation: densely(), warnings: [], meta: {} };
    expect(result.segmentation.boundaries.length).toBeGreaterThan(40);
    const files: string[] = [];
    for (const format of ['json', 'jsonl', 'csv'] as const) {
      for (const unit of OFFSET_UNITS) {
        const file = join(dir, `mixed.${unit}.${format}`);
        writeFileSync(file, writeResult(format, result, TEXT, undefined, unit));
        files.push(file);
        // Our own readers take the file back whatever its unit.
        expect(readSegmentationFile(file, readFileSync(file, 'utf8')).result.segmentation).toEqual(result.segmentation);
      }
    }
    const report = slicedByPython(files);
    for (const file of files) {
      const unit = OFFSET_UNITS.find((u) => file.includes(`.${u}.`));
      expect(report[file], file).toEqual({ units: [unit], segments: result.segmentation.boundaries.length + 1, wrong: [], joined: true });
    }
    // The units differ on this text: a slice in the wrong one would fail.
    const json = (unit: string) => JSON.parse(readFileSync(join(dir, `mixed.${unit}.json`), 'utf8')).document.chars;
    expect(new Set(OFFSET_UNITS.map(json)).size).toBe(3);
  });

  it('segment writes code points by default; convert reads a file naming no unit as UTF-16 and writes the unit asked for', async () => {
    writeFileSync(join(dir, 'mixed.txt'), TEXT);
    const segmented = await runCliFromSource(['segment', join(dir, 'mixed.txt'), '--plain', '--max-chars', '40', '--format', 'jsonl', '--out', join(dir, 'cli.jsonl')]);
    expect(segmented.stderr).toBe('');
    // A file as written before units were named: UTF-16 offsets, no `offsets` field.
    const old = JSON.parse(
      (
        await runCliFromSource(['segment', join(dir, 'mixed.txt'), '--plain', '--max-chars', '40', '--offsets', 'utf16'])
      ).stdout,
    );
    expect(old.offsets).toBe('utf16');
    delete old.offsets;
    writeFileSync(join(dir, 'old.json'), JSON.stringify(old));
    const converted = await runCliFromSource(['convert', join(dir, 'old.json'), '--to', 'csv', '--offsets', 'utf8', '--out', join(dir, 'converted.csv')]);
    expect(converted.stderr).toBe('');
    const report = slicedByPython([join(dir, 'cli.jsonl'), join(dir, 'converted.csv')]);
    expect(report[join(dir, 'cli.jsonl')]).toMatchObject({ units: ['codepoint'], wrong: [], joined: true });
    expect(report[join(dir, 'converted.csv')]).toMatchObject({ units: ['utf8'], wrong: [], joined: true });
    expect(report[join(dir, 'converted.csv')]?.segments).toBe(old.segments.length);
  });
});
