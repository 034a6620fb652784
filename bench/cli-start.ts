/**
 * `npm run bench:cli [-- --runs N]`: how fast the installed command starts, against bare Node and
 * the TypeScript-on-the-fly `npm run cli` path. Median wall time of N runs each (default 7), with
 * the load average, for `--help` and for segmenting a small file end to end.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, machineInfo } from './machine';
import { buildCli } from '../scripts/build-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'segment-workbench.mjs');
const sample = path.join(root, 'test', 'fixtures', 'docs', 'plain.txt');
const tsxCli = [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'electron', 'cli', 'main.ts')];

function medianMs(args: string[], runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    times.push(performance.now() - started);
    if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr.toString().split('\n')[0]}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 7;
await buildCli();
process.stdout.write(`bench cli: ${describeMachine(machineInfo())}; ${new Date().toISOString()}; ${runs} runs each, median\n`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const rows: Array<[string, string[]]> = [
  ['node -e ""', ['-e', '']],
  ['segment-workbench --help', [bin, '--help']],
  ['segment-workbench segment plain.txt', [bin, 'segment', sample]],
  ['npm run cli (tsx) segment plain.txt', [...tsxCli, 'segment', sample]],
];
const baseline = medianMs(rows[0]![1], runs);
for (const [label, args] of rows) {
  const ms = label === rows[0]![0] ? baseline : medianMs(args, runs);
  process.stdout.write(`  ${label.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms  (${(ms / baseline).toFixed(2)}x bare node; load ${load()})\n`);
}
