/**
 * How `segment` reads: Markdown by default, --plain for plain paragraphs, --encoding for a legacy
 * text file (an unknown name is exit 2 with one line), and the reader recorded in meta.reader.
 * A UTF-16 file with a BOM (Windows "Unicode") segments as its UTF-8 twin does.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, runCliAll, type CliRun } from './support/run-cli';

/** Headings, lists and paragraphs for `structural`, with letters outside Latin-1 and an astral one. */
const TWIN = [
  '# Отчёт – “naïve” 😀',
  '',
  'A first paragraph that is long enough to be a segment of its own, with several clauses and a full stop.',
  '',
  '## Liste',
  '',
  '- Grüße',
  '- 日本語のテキスト',
  '',
  'A closing paragraph.',
  '',
].join('\r\n');

const dir = scratchDir('read-flags-cli-');
const at = (name: string) => join(dir, name);
const segments = (run: CliRun) => (JSON.parse(run.stdout) as { segments: { text: string }[] }).segments.map((s) => s.text).join('');
const meta = (run: CliRun) => (JSON.parse(run.stdout) as { meta: { reader: Record<string, unknown> } }).meta;

describe('cli: --plain and --encoding', () => {
  let runs: CliRun[];

  beforeAll(async () => {
    // "Grüße – “so”" in windows-1252: not valid UTF-8.
    writeFileSync(at('legacy.txt'), Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x20, 0x96, 0x20, 0x93, 0x73, 0x6f, 0x94, 0x0a]));
    writeFileSync(at('page.html'), '<h1>Guide</h1><p>Read this first.</p><ul><li>one</li><li>two</li></ul>');
    writeFileSync(at('notes-utf8.md'), TWIN);
    writeFileSync(at('notes-utf16.md'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TWIN, 'utf16le')]));
    writeFileSync(at('nobom.txt'), Buffer.from('Hello, wide world.\n', 'utf16le'));
    runs = await runCliAll([
      ['segment', at('legacy.txt')],
      ['segment', at('legacy.txt'), '--encoding', 'windows-1252'],
      ['segment', at('legacy.txt'), '--encoding', 'no-such-encoding'],
      ['segment', at('page.html')],
      ['segment', at('page.html'), '--plain'],
      // Small sections kept apart, so the twins' several segments are compared, not one merged whole.
      ['segment', at('notes-utf8.md'), '--format', 'json', '--structural-min-chars', '1'],
      ['segment', at('notes-utf16.md'), '--format', 'json', '--structural-min-chars', '1'],
      ['segment', at('nobom.txt')],
      ['segment', at('nobom.txt'), '--encoding', 'utf-16le'],
    ]);
  }, 120_000);

  it('refuses a legacy text file with the byte offset, reads it with --encoding', () => {
    expectUserError(runs[0]!, /legacy\.txt is not valid UTF-8: invalid byte 0xfc at byte offset 2/);
    expect(runs[1]!.code).toBe(0);
    expect(segments(runs[1]!)).toBe('Grüße – “so”\n');
    expect(meta(runs[1]!).reader).toEqual({ reader: 'txt', output: 'plain', encoding: 'windows-1252', encodingSource: 'option', warnings: [] });
  });

  it('an unknown encoding name is exit 2 with one line naming the file', () => {
    expectUserError(runs[2]!, /legacy\.txt: unknown encoding 'no-such-encoding'/);
  });

  it('HTML is Markdown by default and plain paragraphs with --plain; meta records which', () => {
    expect(segments(runs[3]!)).toBe('# Guide\n\nRead this first.\n\n- one\n- two\n');
    expect(meta(runs[3]!).reader).toMatchObject({ reader: 'html', output: 'markdown', headings: 1 });
    expect(segments(runs[4]!)).toBe('Guide\n\nRead this first.\n\none\n\ntwo\n');
    expect(meta(runs[4]!).reader).toMatchObject({ reader: 'html', output: 'plain' });
  });

  it('a UTF-16LE file with a BOM segments as its UTF-8 twin does; without a BOM it needs --encoding utf-16le', () => {
    const [utf8, utf16, nobom, named] = runs.slice(5);
    expect(utf8!.code).toBe(0);
    expect(utf16!.code).toBe(0);
    const doc = (run: CliRun) => JSON.parse(run.stdout) as { segments: unknown[]; meta: { reader: Record<string, unknown> } };
    expect(doc(utf8!).segments.length).toBeGreaterThan(1);
    expect(doc(utf16!).segments).toEqual(doc(utf8!).segments);
    expect(doc(utf16!).meta.reader).toEqual({ reader: 'md', output: 'markdown', encoding: 'utf-16le', encodingSource: 'bom', warnings: [] });
    expectUserError(nobom!, /nobom\.txt looks like UTF-16 text \(probably utf-16le\) without a byte order mark: name its encoding, --encoding utf-16le or --encoding utf-16be/);
    expect(named!.code).toBe(0);
    expect(segments(named!)).toBe('Hello, wide world.\n');
    expect(meta(named!).reader).toMatchObject({ encoding: 'utf-16le', encodingSource: 'option' });
  });
});
