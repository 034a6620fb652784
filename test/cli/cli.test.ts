/**
 * The real command line, spawned: exit codes, one-line errors, stdout/--out behaviour. Each spawn
 * costs a tsx start-up, so every case here is about the process boundary; the logic behind it
 * is tested in-process in commands.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../shared/formats';
import { TEMP_SUFFIX } from '../../electron/services/workspace/storage/atomic-file';
import { makeDocx } from './support/make-docx';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, runCliAll, type CliRun } from './support/run-cli';

const dir = scratchDir('cli-');
const at = (name: string) => join(dir, name);

const WIKI = 'test/fixtures/gold/lighthouse.wiki727k.txt';
const TRAINING = 'test/fixtures/gold/lighthouse.training.json';

describe('cli: bad input', () => {
  const cases: [string, string[], RegExp][] = [
    ['missing file', ['segment', at('missing.txt'), '--out', at('out-missing.json')], /^error: no such file: .*missing\.txt$/m],
    ['directory', ['segment', at('folder.md')], /folder\.md is a directory, not a file/],
    ['binary content', ['segment', at('binary.txt')], /binary\.txt looks like a binary file: it contains a NUL byte at byte 3/],
    ['invalid UTF-8', ['segment', at('latin1.txt')], /latin1\.txt is not valid UTF-8: invalid byte 0xe9 at byte offset 3/],
    ['unsupported extension', ['segment', at('photo.png')], /photo\.png: unsupported file type '\.png'/],
    ['malformed gold file', ['eval', '--gold', 'test/fixtures/gold/malformed.json', '--pred', TRAINING], /malformed\.json: not valid JSON/],
    ['gold and pred of different texts', ['eval', '--gold', WIKI, '--pred', at('other.json')], /different texts: they first differ at character 0/],
    ['bad flag value', ['segment', at('doc.txt'), '--max-chars', '12abc'], /--max-chars must be an integer \(got '12abc'\)/],
    ['unknown flag', ['segment', at('doc.txt'), '--colour'], /unknown flag '--colour'/],
    ['unknown format', ['convert', WIKI, '--to', 'yaml'], /--to must be one of json, jsonl, markdown, csv, training, wiki727k/],
    ['failure with an existing --out', ['segment', at('latin1.txt'), '--out', at('kept.json')], /not valid UTF-8/],
  ];
  let runs: CliRun[];

  beforeAll(async () => {
    mkdirSync(at('folder.md'));
    writeFileSync(at('binary.txt'), Buffer.from([0x47, 0x49, 0x46, 0x00, 0x01]));
    writeFileSync(at('latin1.txt'), Buffer.from('Caf\u00e9 ol\u00e9 = caf\u00e9', 'latin1'));
    writeFileSync(at('photo.png'), 'not really');
    writeFileSync(at('doc.txt'), 'Some text.\n');
    writeFileSync(at('kept.json'), 'previous content\n');
    writeFileSync(
      at('other.json'),
      JSON.stringify({ sections: [['An entirely different document.']] }),
    );
    runs = await runCliAll(cases.map(([, args]) => args));
  });

  it.each(cases.map(([name], i) => [name, i] as const))('%s: exit 2 and one line on stderr', (_name, i) => {
    expectUserError(runs[i]!, cases[i]![2]);
  });

  it('writes nothing to --out when it fails, and leaves an existing file as it was', () => {
    expect(existsSync(at('out-missing.json'))).toBe(false);
    expect(readFileSync(at('kept.json'), 'utf8')).toBe('previous content\n');
    expect(readdirSync(dir).filter((f) => f.endsWith(TEMP_SUFFIX))).toEqual([]);
  });
});

describe('cli: working runs', () => {
  let empty: CliRun, toFile: CliRun, evalJson: CliRun, evalText: CliRun, toMarkdown: CliRun, docx: CliRun, toText: CliRun, toMarkdownHeadings: CliRun;

  beforeAll(async () => {
    writeFileSync(at('empty.txt'), '');
    writeFileSync(at('guide.md'), '# Guide\n\nFirst part.\n\n## More\n\nSecond part.\n');
    writeFileSync(at('letter.docx'), makeDocx(['Dear reader,', 'This letter has three paragraphs.', 'Regards']));
    const runs = await runCliAll([
      ['segment', at('empty.txt')],
      ['segment', at('guide.md'), '--strategy', 'structural', '--out', at('guide.json')],
      ['eval', '--gold', WIKI, '--pred', TRAINING, '--json'],
      ['eval', '--gold', WIKI, '--pred', TRAINING],
      ['convert', WIKI, '--to', 'markdown'],
      ['segment', at('letter.docx'), '--strategy', 'sentence-rules', '--format', 'csv'],
      ['convert', WIKI, '--to', 'text'],
      ['convert', WIKI, '--to', 'markdown', '--topic-headings'],
    ]);
    [empty, toFile, evalJson, evalText, toMarkdown, docx, toText, toMarkdownHeadings] = runs as [CliRun, CliRun, CliRun, CliRun, CliRun, CliRun, CliRun, CliRun];
  });

  it('gives an empty document zero segments and exit 0', () => {
    expect(empty.code).toBe(0);
    const json = JSON.parse(empty.stdout);
    expect(json.segments).toEqual([]);
    expect(json.document.chars).toBe(0);
  });

  it('writes --out and nothing to stdout', () => {
    expect(toFile).toEqual({ code: 0, stdout: '', stderr: '' });
    const { text, result } = readJson('guide.json', readFileSync(at('guide.json'), 'utf8'));
    expect(text).toBe('# Guide\n\nFirst part.\n\n## More\n\nSecond part.\n');
    expect(result.strategy).toBe('structural');
  });

  it('prints eval numbers as JSON under the documented keys', () => {
    expect(evalJson.code).toBe(0);
    const json = JSON.parse(evalJson.stdout);
    for (const key of ['pk', 'windowDiff', 'precision', 'recall', 'f1']) expect(typeof json[key]).toBe('number');
    // The training file is the same gold text, re-spaced: a perfect match.
    expect(json).toMatchObject({ pk: 0, windowDiff: 0, precision: 1, recall: 1, f1: 1, alignment: 'non-whitespace' });
  });

  it('prints eval numbers as a table', () => {
    expect(evalText.code).toBe(0);
    expect(evalText.stdout).toMatch(/^Pk {10}0\.0000/m);
    expect(evalText.stdout).toMatch(/^F1 {10}1\.0000$/m);
  });

  it('converts a WIKI-727K file to Markdown, topics as headings only with --topic-headings', () => {
    expect(toMarkdown.code).toBe(0);
    expect(toMarkdown.stdout).toContain('"topic":"Construction"} -->\nWork began in 1846');
    expect(toMarkdown.stdout).not.toContain('## Construction');
    expect(toMarkdownHeadings.code).toBe(0);
    expect(toMarkdownHeadings.stdout).toContain('"topic":"Construction"} -->\n## Construction\n\nWork began in 1846');
  });

  it('reads a .docx and writes CSV', () => {
    expect(docx.code).toBe(0);
    const lines = docx.stdout.split('\r\n');
    expect(lines[0]).toBe('document,sha256,strategy,index,offsets,start,end,head,topic,summary,reviewed,confidence,continues,text');
    expect(lines[1]).toMatch(/^letter\.docx,[0-9a-f]{64},sentence-rules,0,codepoint,0,/);
    expect(docx.stdout).toContain('This letter has three paragraphs.');
  });

  it('writes the bare text of a WIKI-727K file, ready for segment', () => {
    expect(toText.code).toBe(0);
    expect(toText.stdout).toBe(readFileSync(WIKI, 'utf8').replace(/^========,\d+,.*\.\n/gm, ''));
  });
});
