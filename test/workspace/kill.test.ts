/**
 * The kill test, at CI size: the workspace keeps every acknowledged correction and never
 * half-writes a file over KILLS SIGKILLs of a busy writer (engine: kill-harness.ts). The same test
 * at 100 kills or more, with a chosen seed, is `npm run bench:kill -- --kills 100 [--seed S]`.
 */
import { describe, expect, it } from 'vitest';
import { runKillTest } from './kill-harness';

const KILLS = 30;

describe('the kill test', () => {
  it(`keeps every acknowledged correction and never half-writes a file, over ${KILLS} SIGKILLs`, async () => {
    // A new seed each run, printed (and in every failure message) so a failure can be replayed.
    const seed = Date.now() % 100_000;
    process.stdout.write(`kill test: seed ${seed} (replay: npm run bench:kill -- --kills ${KILLS} --seed ${seed})\n`);
    const report = await runKillTest({ kills: KILLS, seed });
    process.stdout.write(
      `kill test: seed ${seed}, ${report.kills} kills, ${report.acknowledgedCorrections} acknowledged corrections, ${report.tempFilesLeft} temp files left by kills\n`,
    );
    expect(report.kills).toBe(KILLS);
    expect(report.acknowledgedCorrections).toBeGreaterThan(0);
    expect(report.savedBoundaries).toBeGreaterThanOrEqual(report.acknowledgedCorrections);
  }, 240_000);
});
