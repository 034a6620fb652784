/**
 * The readers' new refusals at the process boundary (issue 23, items 7 and 8), through the tsx
 * entry and the bundled command (which finds its reader worker, dist/.../reader-worker.mjs, next to its
 * main.mjs): a circular PDF page tree and a PDF over its time budget exit 2 with one line naming
 * the file, and the budget's flag where one was exceeded. Issue 36's DOCX and PDF bombs (a Flate
 * bomb behind ASCIIHex, LZW and RunLength bombs) likewise.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli';
import { circularPdf, flateBomb, nestedTablesDocx, stylesBombDocx, textOperatorsPdf } from '../support/hostile-files';
import { makeRawPdf } from '../support/make-raw-pdf';
import { lzwEncode, runLengthEncode } from '../support/pdf-encoders';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, runCli, type CliRun } from './support/run-cli';

const dir = scratchDir('reader-budgets-cli-');
const bundleDir = path.resolve('dist', `test-cli-budgets-${process.pid}`);
let bundle = '';

function runBundle(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bundle, ...args], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: typeof (err as { code?: unknown } | null)?.code === 'number' ? (err as { code: number }).code : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  writeFileSync(join(dir, 'circular.pdf'), circularPdf());
  writeFileSync(join(dir, 'operators.pdf'), textOperatorsPdf());
  writeFileSync(join(dir, 'nested.docx'), nestedTablesDocx(3_000));
  writeFileSync(join(dir, 'styles.docx'), stylesBombDocx(290_000));
  const hexBomb = Buffer.from(Buffer.from(flateBomb(12)).toString('hex') + '>', 'latin1');
  writeFileSync(join(dir, 'chain.pdf'), makeRawPdf([{ content: hexBomb, filter: '[/ASCIIHexDecode /FlateDecode]' }]));
  writeFileSync(join(dir, 'lzw.pdf'), makeRawPdf([{ content: lzwEncode(Buffer.alloc(12_000_000, 0x20)), filter: '/LZWDecode' }]));
  writeFileSync(join(dir, 'runs.pdf'), makeRawPdf([{ content: runLengthEncode(Buffer.alloc(12_000_000, 0x20)), filter: '/RunLengthDecode' }]));
  bundle = await buildCli(bundleDir);
}, 120_000);

afterAll(() => rm(bundleDir, { recursive: true, force: true }));

describe.each([
  ['tsx entry', runCli],
  ['bundled command', runBundle],
] as const)('cli: reader refusals, %s', (_which, run) => {
  it('a circular page tree: exit 2 naming the file', { timeout: 60_000 }, async () => {
    expectUserError(await run(['segment', join(dir, 'circular.pdf')]), /^error: .*circular\.pdf is not a readable PDF: Pages tree contains circular reference\.\n$/);
  });

  it('a PDF past --max-read-seconds: exit 2 naming the file, the budget and its flag', { timeout: 60_000 }, async () => {
    expectUserError(
      await run(['segment', join(dir, 'operators.pdf'), '--max-read-seconds', '1']),
      /^error: .*operators\.pdf: still parsing after 1 seconds, over the read-time limit of 1 seconds \(raise it with --max-read-seconds N\)\n$/,
    );
  });

  it('a .docx of 3,000 nested tables (issue 36): exit 2 naming the file, the nesting-depth limit and its flag', { timeout: 60_000 }, async () => {
    expectUserError(
      await run(['segment', join(dir, 'nested.docx')]),
      /^error: .*nested\.docx: word\/document\.xml's elements nested 9005 levels deep, over the nesting-depth limit of 1000 levels \(raise it with --max-depth N\)\n$/,
    );
  });

  it('a .docx of 33 MB of styles.xml (issue 36): exit 2 naming the file, the part and the read-memory limit', { timeout: 60_000 }, async () => {
    expectUserError(
      await run(['segment', join(dir, 'styles.docx')]),
      /^error: .*styles\.docx: its XML parts declare \d+ bytes \(word\/styles\.xml \d+ of them\), and reading them takes about 36 bytes of memory each \(\d+ MB\), over the read-memory limit of 1024 MB \(raise it with --max-read-memory-mb N\)\n$/,
    );
  });

  it('a Flate bomb behind ASCIIHex (issue 36): exit 2 naming the file and the expanded-characters limit', { timeout: 60_000 }, async () => {
    expectUserError(
      await run(['segment', join(dir, 'chain.pdf'), '--max-expanded-chars', '10000000']),
      /^error: .*chain\.pdf: the stream at byte \d+ inflates through its filters to more than 10000000 characters \(counted while inflating\), over the expanded-characters limit of 10000000 characters \(raise it with --max-expanded-chars N\)\n$/,
    );
  });

  it.each([
    ['LZW', 'lzw'],
    ['RunLength', 'runs'],
  ])('a PDF %s bomb (issue 36): exit 2 naming the file and the expanded-characters limit', { timeout: 60_000 }, async (_filter, file) => {
    expectUserError(
      await run(['segment', join(dir, `${file}.pdf`), '--max-expanded-chars', '10000000']),
      new RegExp(
        `^error: .*${file}\\.pdf: the stream at byte \\d+ decodes to more than 10000000 characters \\(counted while decoding\\), over the expanded-characters limit of 10000000 characters \\(raise it with --max-expanded-chars N\\)\\n$`,
      ),
    );
  });
});
