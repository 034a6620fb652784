/**
 * The kill test as a benchmark (a measurement, not a CI test): `npm run bench:kill`, by default
 * 100 SIGKILLs of a busy workspace writer in one run, with the seed printed first so any failure
 * can be replayed with `--seed`. After every kill, every acknowledged correction, run and document
 * must be on disk and every workspace file must parse (test/workspace/kill-harness.ts). Prints the
 * figures and the machine's load average; exits 1 on the first broken promise.
 *
 *   npm run bench:kill                       # 100 kills, a new seed
 *   npm run bench:kill -- --kills 300 --seed 4242
 */
import os from 'node:os';
import { parseArgs } from '../electron/cli/args';
import { describeMachine, machineInfo } from './machine';
import { KillTestFailure, runKillTest } from '../test/workspace/kill-harness';

const spec = {
  kills: { type: 'int', min: 1, max: 100_000, description: 'how many SIGKILLs (default 100)' },
  seed: { type: 'int', min: 0, max: 2 ** 32 - 1, description: 'replay a run (default: a new one, printed)' },
} as const;

async function main(): Promise<number> {
  const { flags } = parseArgs(process.argv.slice(2), spec);
  const kills = flags.kills ?? 100;
  const seed = flags.seed ?? Date.now() % 100_000;
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  process.stdout.write(`kill benchmark: seed ${seed}, ${kills} kills (replay: npm run bench:kill -- --kills ${kills} --seed ${seed})\n`);
  process.stdout.write(`machine: ${describeMachine(machineInfo())}; load average at start ${load()}\n`);
  const started = performance.now();
  try {
    const report = await runKillTest({
      kills,
      seed,
      onKill: (k) => {
        if (k % 10 === 0 || k === kills) process.stderr.write(`  ${k}/${kills} kills\n`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      [
        `kills: ${report.kills}, every check passed`,
        `acknowledged corrections: ${report.acknowledgedCorrections} (all on disk after every kill; ${report.savedBoundaries} boundaries after reopening)`,
        `temp files left by kills: ${report.tempFilesLeft} (all removed on reopening)`,
        `wall time: ${seconds.toFixed(1)} s (${((seconds / report.kills) * 1000).toFixed(0)} ms a kill); load average at end ${load()}`,
      ].join('\n') + '\n',
    );
    return 0;
  } catch (err) {
    if (!(err instanceof KillTestFailure)) throw err;
    process.stderr.write(`kill benchmark FAILED: ${err.message}\n`);
    return 1;
  }
}

process.exitCode = await main();
