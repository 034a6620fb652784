/**
 * The other clients' wait while one client's 5 MB TextTiling runs, through a real `serve`: the tsx
 * entry and the bundled command (built here into its own folder), each in its own process. Prints
 * the second client's listDocuments times, and how long Cancel took to answer and to end the run.
 * The off-loop test (test/host/heavy-work-off-loop.test.ts) asserts only the order of these.
 *
 *   npm run bench:off-loop
 *   npm run bench:off-loop -- --chars 2000000
 */
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildCli } from '../scripts/build-cli';
import { startServe, TSX_ENTRY } from '../test/e2e/support/serve';
import { probeOffLoop, variedProse } from '../test/support/off-loop-probe';
import { errorMessage } from '../shared/text/error-message';

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--chars');
  const chars = at >= 0 ? Number(argv[at + 1]) : 5_000_000;
  if (!Number.isInteger(chars) || chars < 1) throw new Error('--chars needs a positive whole number');
  const bundleDir = path.resolve('dist', `bench-cli-${process.pid}`);
  const text = variedProse(chars);
  try {
    const bundle = await buildCli(bundleDir);
    console.log(`off-loop: ${(chars / 1e6).toFixed(1)} M chars of texttiling; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const [name, command] of [['tsx entry', TSX_ENTRY], ['bundled command', [bundle]]] as const) {
      const host = await startServe({ command: [...command] });
      try {
        const seen = await probeOffLoop(host.url, text);
        const ms = (v: number) => `${v.toFixed(1)} ms`;
        console.log(`${name.padEnd(16)} second client ${seen.secondClientMs.map(ms).join(', ')} (max ${ms(Math.max(...seen.secondClientMs))})`);
        console.log(`${''.padEnd(16)} run ${seen.statusAfterAnswers} after them; cancelJob ${JSON.stringify(seen.cancelAnswer)} in ${ms(seen.cancelAnswerMs)}, run ${seen.finalStatus} ${ms(seen.cancelledEventMs)} after Cancel`);
      } finally {
        await host.stop();
      }
    }
  } finally {
    await rm(bundleDir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`error: ${errorMessage(err)}`);
  process.exit(2);
});
