/**
 * `npm run bench:hostile`: the hostile inputs of issues 12, 23 and 36 through the real command
 * line, each with its exit code, wall time, peak memory (max RSS) and first stderr line. The files
 * are generated into a temp folder (a 600 MB sparse binary takes no disk).
 * `npm run bench:hostile -- <words>` runs only the cases whose name contains one of the words
 * (e.g. `-- table docx`); `-- in-process` times the tables' conversion alone (see the end).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDocx } from '../test/cli/support/make-docx';
import { circularPdf, flateBombPdf, lyingSizes, nestedTablesDocx, stylesBombDocx, textOperatorsPdf } from '../test/support/hostile-files';
import { makeRawPdf } from '../test/support/make-raw-pdf';
import { lzwEncode, runLengthEncode } from '../test/support/pdf-encoders';
import { readDocumentBytes } from '../electron/readers/index';
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
// Issue 36: tables of many rows, a 60 MB page, a .docx of 33 MB of styles, 3,000 nested tables,
// one PDF stream inflating to 400 MB, a scan without a text layer, a Latin-1 text file.
const table = (rows: number) => `<html><body><table>${Array.from({ length: rows }, (_, i) => `<tr><td>row ${i}</td><td>b</td><td>c</td></tr>`).join('')}</table></body></html>`;
for (const rows of [1_000, 2_000, 4_000, 8_000]) writeFileSync(at(`table-${rows}.html`), table(rows));
writeFileSync(at('sixty-mb.html'), `<html><body>${'<p>Sixty megabytes of paragraphs.</p>'.repeat(1_700_000)}</body></html>`);
writeFileSync(at('styles.docx'), stylesBombDocx(300_000));
writeFileSync(at('nested-tables.docx'), nestedTablesDocx(3_000));
writeFileSync(at('stream-400mb.pdf'), flateBombPdf(400));
writeFileSync(at('scan.pdf'), makeRawPdf([{ content: Buffer.from('0 0 612 792 re S') }]));
writeFileSync(at('latin1.txt'), Buffer.from('Caf\xe9 au lait.\n', 'latin1'));
// One PDF stream decoding to 100 MB through LZW (43 KB), and through RunLength (1.6 MB).
const spaces = Buffer.alloc(100_000_000, 0x20);
writeFileSync(at('lzw-100mb.pdf'), makeRawPdf([{ content: lzwEncode(spaces), filter: '/LZWDecode' }]));
writeFileSync(at('runlength-100mb.pdf'), makeRawPdf([{ content: runLengthEncode(spaces), filter: '/RunLengthDecode' }]));
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
  ...[1_000, 2_000, 4_000, 8_000].map((rows): [string, string[]] => [`HTML table, ${rows} rows`, ['segment', at(`table-${rows}.html`), '--out', at('table.json')]]),
  ['60 MB .html', ['segment', at('sixty-mb.html')]],
  ['60 MB .html, --max-expanded-chars 100000000', ['segment', at('sixty-mb.html'), '--max-expanded-chars', '100000000', '--out', at('sixty.json')]],
  ['.docx, 33 MB styles.xml', ['segment', at('styles.docx')]],
  ['.docx, 3,000 nested tables', ['segment', at('nested-tables.docx')]],
  ['PDF, one stream inflating to 400 MB', ['segment', at('stream-400mb.pdf')]],
  ['PDF without a text layer', ['segment', at('scan.pdf')]],
  ['PDF, one LZW stream decoding to 100 MB', ['segment', at('lzw-100mb.pdf')]],
  ['PDF, one RunLength stream decoding to 100 MB', ['segment', at('runlength-100mb.pdf')]],
  ['Latin-1 .txt', ['segment', at('latin1.txt')]],
];
const only = process.argv.slice(2).map((word) => word.toLowerCase());
const chosen = only.length ? cases.filter(([name]) => only.some((word) => name.toLowerCase().includes(word))) : cases;

process.stdout.write(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
for (const [name, args] of chosen) {
  const started = performance.now();
  // GNU time's %M: the child's peak resident memory in KB.
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, '--import', 'tsx', join(root, 'electron/cli/main.ts'), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - started) / 1000;
  const lines = run.stderr.trim().split('\n');
  const peakMb = Math.round(Number(lines.pop()) / 1024);
  process.stdout.write(`${name.padEnd(46)} exit ${run.status}  ${seconds.toFixed(1).padStart(5)} s  ${String(peakMb).padStart(5)} MB  ${lines[0] ?? ''}\n`);
}
// The tables' conversion alone, in this process with the reader worker warm: a command's start-up
// (seconds through tsx on a busy machine) would hide what the table rule costs.
// `-- in-process` runs this part alone.
if (only.length === 0 || only.includes('in-process')) {
  await readDocumentBytes('warm.html', new TextEncoder().encode(table(10)));
  for (const rows of [1_000, 2_000, 4_000, 8_000, 16_000]) {
    const started = performance.now();
    const doc = await readDocumentBytes(`table-${rows}.html`, new TextEncoder().encode(table(rows)));
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`${`HTML table, ${rows} rows, read in process`.padEnd(46)} ${seconds.toFixed(2).padStart(6)} s  ${doc.text.split('\n').length - 1} lines\n`);
  }
}
process.stdout.write(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
rmSync(dir, { recursive: true, force: true });
