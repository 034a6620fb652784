/**
 * `npm run bench:hostile`: the hostile inputs of issue 12 through the real command line, each
 * with its exit code, wall time, peak memory (max RSS) and first stderr line. The files are
 * generated into a temp folder (a 600 MB sparse binary takes no disk).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDocx } from '../test/cli/support/make-docx';
import { circularPdf, flateBombPdf, lyingSizes, textOperatorsPdf } from '../test/support/hostile-files';
import { proseText } from './speed/texts';

const root = fileURLToPath(new URL('../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
const at = (name: string) => join(dir, name);

const nested = (depth: number) => `<html><body>${'<div>'.repeat(depth)}<p>Hello deep world.</p>${'</div>'.repeat(depth)}</body></html>`;
writeFileSync(at('nested-2000.html'), nested(2_000));
writeFileSync(at('nested-20000.html'), nested(20_000));
writeFileSync(at('bomb.docx'), makeDocx(['x'.repeat(200_000_000)], { deflate: true }));
// Issue 23, item 7: a ZIP directory that lies, a Flate bomb, text operators, 10 MB of entities.
writeFileSync(at('liar.docx'), lyingSizes(makeDocx(['x'.repeat(200_000_000)], { deflate: true }), 100));
writeFileSync(at('flate-bomb.pdf'), flateBombPdf(2_000));
writeFileSync(at('operators.pdf'), textOperatorsPdf());
writeFileSync(at('circular.pdf'), circularPdf());
writeFileSync(at('amps.html'), `<html><body><p>${'&amp;'.repeat(2_000_000)}</p></body></html>`);
const prose = proseText(1_300_000);
writeFileSync(at('five-mb.txt'), prose.repeat(5).slice(0, 5_000_000));
const fd = openSync(at('binary-600mb.txt'), 'w');
ftruncateSync(fd, 600_000_000);
closeSync(fd);

const cases: Array<[string, string[]]> = [
  ['2,000 nested divs', ['segment', at('nested-2000.html')]],
  ['2,000 nested divs, --max-depth 100000', ['segment', at('nested-2000.html'), '--max-depth', '100000']],
  ['20,000 nested divs, --max-depth 100000', ['segment', at('nested-20000.html'), '--max-depth', '100000']],
  ['.docx unpacking to 200 M characters', ['segment', at('bomb.docx')]],
  ['.docx, directory lying: 200 M characters', ['segment', at('liar.docx')]],
  ['PDF Flate bomb (2 GB inflated)', ['segment', at('flate-bomb.pdf')]],
  ['PDF, 2,000 pages of 20,000 text operators', ['segment', at('operators.pdf')]],
  ['PDF, circular page tree', ['segment', at('circular.pdf')]],
  ['10 MB of &amp; in HTML', ['segment', at('amps.html'), '--out', at('amps.json')]],
  ['--max-chars 1 on 5 MB', ['segment', at('five-mb.txt'), '--max-chars', '1']],
  ['600 MB binary named .txt', ['segment', at('binary-600mb.txt')]],
  ['texttiling on 5 MB', ['segment', at('five-mb.txt'), '--strategy', 'texttiling', '--out', at('five-mb.json')]],
];

process.stdout.write(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
for (const [name, args] of cases) {
  const started = performance.now();
  // GNU time's %M: the child's peak resident memory in KB.
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, '--import', 'tsx', join(root, 'electron/cli/main.ts'), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - started) / 1000;
  const lines = run.stderr.trim().split('\n');
  const peakMb = Math.round(Number(lines.pop()) / 1024);
  process.stdout.write(`${name.padEnd(40)} exit ${run.status}  ${seconds.toFixed(1).padStart(5)} s  ${String(peakMb).padStart(5)} MB  ${lines[0] ?? ''}\n`);
}
process.stdout.write(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
rmSync(dir, { recursive: true, force: true });
