import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../test/cli/support/run-cli';
import { timeInFreshProcess } from '../speed/fresh-process';
import { SPLITTERS } from '../speed/splitters';

// The bench entry from its sources, as `npm run bench` starts it (tsx as node's loader).
const CLI = { script: join(REPO_ROOT, 'bench/main.ts'), execArgv: ['--import', 'tsx'] };

describe('bench speed: timing a splitter in a fresh process', () => {
  it('runs the named splitter on the text sent over IPC and returns wall and CPU time per run', async () => {
    const text = 'First paragraph.\n\nSecond paragraph. It has two sentences.\n';
    const reply = await timeInFreshProcess({ splitter: 'sentence-rules', text, maxRuns: 3, budgetSeconds: 10 }, CLI);
    expect(reply.segments).toBe(3);
    expect(reply.seconds).toHaveLength(3);
    expect(reply.cpuSeconds).toHaveLength(3);
    for (const s of [...reply.seconds, ...reply.cpuSeconds]) expect(s).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('builds every listed splitter, peers included', async () => {
    for (const splitter of SPLITTERS.filter((s) => s.kind === 'peer')) {
      const split = await splitter.create();
      expect((await split('word '.repeat(1000))).segments).toBeGreaterThan(1);
    }
  });

  it('says why when the splitter is unknown', async () => {
    await expect(timeInFreshProcess({ splitter: 'nope', text: 'x', maxRuns: 1, budgetSeconds: 1 }, CLI)).rejects.toThrow(/no splitter named 'nope'/);
  }, 60_000);
});
