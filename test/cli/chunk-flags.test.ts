/** The export flags of `segment` and `convert`: retrieval extras per chunk, bad combinations refused. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSegmentationFile } from '../../shared/formats';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, runCli, runCliAll } from './support/run-cli';

const fixture = path.resolve('test/fixtures/docs/markdown-code.md');
const dir = scratchDir('chunk-flags');

interface Line {
  start: number;
  end: number;
  text: string;
  headings?: string[];
  content?: string;
  context_before?: string;
  tokens?: number;
}

describe('segment and convert with chunk options', () => {
  it('writes headings, repaired blocks, overlap and token counts beside the exact segments', async () => {
    const args = ['--max-chars', '300', '--format', 'jsonl', '--headings', 'prefix', '--repair-blocks', '--chunk-overlap', '20', '--count-tokens', 'o200k_base'];
    const [plain, shaped] = await runCliAll([
      ['segment', fixture, '--max-chars', '300', '--format', 'jsonl'],
      ['segment', fixture, ...args],
    ]);
    expect(shaped!.stderr).toBe('');
    const lines = shaped!.stdout.trim().split('\n').map((line) => JSON.parse(line) as Line);
    const text = await readFile(fixture, 'utf8');
    // The partition is the plain one: same offsets, same texts.
    const plainLines = plain!.stdout.trim().split('\n').map((line) => JSON.parse(line) as Line);
    expect(lines.map(({ start, end, text }) => ({ start, end, text }))).toEqual(plainLines.map(({ start, end, text }) => ({ start, end, text })));
    expect(lines.every((line) => line.text === text.slice(line.start, line.end))).toBe(true);
    expect(lines.every((line) => typeof line.tokens === 'number' && Array.isArray(line.headings))).toBe(true);
    expect(lines.slice(1).every((line) => typeof line.context_before === 'string')).toBe(true);
    // Somewhere below a heading, the chain is in front of what gets embedded.
    const nested = lines.find((line) => (line.headings?.length ?? 0) > 0)!;
    expect(nested.content!.startsWith(nested.headings!.join(' > '))).toBe(true);
  });

  it('convert adds the same extras to an existing result, which still reads back', async () => {
    const json = path.join(dir, 'r.json');
    const seg = await runCli(['segment', fixture, '--max-chars', '300', '--out', json]);
    expect(seg.code).toBe(0);
    const out = path.join(dir, 'r.csv');
    const run = await runCli(['convert', json, '--to', 'csv', '--headings', 'field', '--count-tokens', 'cl100k_base', '--out', out]);
    expect(run.stderr).toBe('');
    const content = await readFile(out, 'utf8');
    expect(content.split('\n')[0]).toContain('headings');
    expect(readSegmentationFile('r.csv', content).text).toBe(await readFile(fixture, 'utf8'));
  });

  it('refuses options that cannot mean anything, with one error line', async () => {
    const [orphan, badUnit, badTokenizer] = await runCliAll([
      ['segment', fixture, '--chunk-overlap-unit', 'tokens'],
      ['segment', fixture, '--chunk-overlap', '10', '--chunk-overlap-unit', 'words'],
      ['segment', fixture, '--count-tokens', 'gpt9'],
    ]);
    expectUserError(orphan!, /--chunk-overlap-unit only matters with --chunk-overlap/);
    expectUserError(badUnit!, /--chunk-overlap-unit/);
    expectUserError(badTokenizer!, /--count-tokens/);
  });
});
