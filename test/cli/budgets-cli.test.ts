/**
 * Budgets at the process boundary: every breach is exit 2 with one line naming the limit and the
 * flag that raises it; the flag raises it; small hostile cases give a clear error, not a crash.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { zip } from './support/zip';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, runCliAll, type CliRun } from './support/run-cli';

const dir = scratchDir('budgets-cli-');
const at = (name: string) => join(dir, name);
const WIKI = 'test/fixtures/gold/lighthouse.wiki727k.txt';

describe('cli: budgets', () => {
  let runs: CliRun[];

  beforeAll(async () => {
    writeFileSync(at('deep.html'), `<html><body>${'<div>'.repeat(2000)}<p>Hello deep world.</p>${'</div>'.repeat(2000)}</body></html>`);
    writeFileSync(at('long.txt'), 'Words and more words. '.repeat(70_000));
    writeFileSync(at('garbage.docx'), zip({ 'junk.bin': new Uint8Array([0, 1, 2, 3]) }));
    runs = await runCliAll([
      ['segment', at('deep.html')],
      ['segment', at('deep.html'), '--max-depth', '100000'],
      ['segment', at('long.txt'), '--max-chars', '1'],
      ['segment', at('garbage.docx')],
      ['eval', '--gold', WIKI, '--pred', WIKI, '--k', '1000000'],
      ['segment', at('long.txt'), '--max-input-bytes', '1000'],
    ]);
  }, 120_000);

  it('deep HTML over the depth budget: exit 2 naming --max-depth', () => {
    expectUserError(runs[0]!, /deep\.html: elements nested more than 1000 levels deep, over the nesting-depth limit of 1000 levels \(raise it with --max-depth N\)/);
  });

  it('the flag raises the budget and the page is read', () => {
    expect(runs[1]!.code).toBe(0);
    expect(JSON.parse(runs[1]!.stdout).segments.map((s: { text: string }) => s.text)).toEqual(['Hello deep world.\n']);
  });

  it('--max-chars 1 on 1.5 MB: refused at once, naming --max-chars and --max-segments', () => {
    expectUserError(runs[2]!, /--max-chars 1: cuts the 1540000-character text into at least 1540000 segments, over the segments limit of 1000000 segments \(raise --max-chars, or the limit with --max-segments N\)/);
  });

  it('a ZIP of garbage as .docx: a clear error', () => {
    expectUserError(runs[3]!, /garbage\.docx is not a readable \.docx file: the archive has no word\/document\.xml/);
  });

  it('eval --k larger than the text: an error, not a silent Pk of 0', () => {
    expectUserError(runs[4]!, /--k 1000000 is not smaller than the text \(\d+ characters\): Pk and WindowDiff would be 0/);
  });

  it('a file over the input-size budget: exit 2 naming --max-input-bytes', () => {
    expectUserError(runs[5]!, /long\.txt: 1540000 bytes, over the input-size limit of 1000 bytes \(raise it with --max-input-bytes N\)/);
  });
});
