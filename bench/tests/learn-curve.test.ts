/**
 * `bench learn` on the committed speeches sample (3 documents: k = 1 and 2), run as a user would:
 * the table, learn.json with the learned curve beside the model-free strategies on the same test
 * documents, and learn.html.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/support/scratch-dir';
import { expectUserError, REPO_ROOT, runBench } from '../../test/cli/support/run-cli';
import type { LearnReport } from '../../bench/learn/present';

const out = scratchDir('bench-learn-');

describe('bench learn', () => {
  it('writes the learning curve beside texttiling, c99 and structural', async () => {
    const run = await runBench(['learn', '--corpus', join(REPO_ROOT, 'test/fixtures/corpus-sample/speeches'), '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/corpus speeches: 3 documents/);
    const report = JSON.parse(readFileSync(join(out, 'learn.json'), 'utf8')) as LearnReport;
    expect(report.curve.map((p) => p.k)).toEqual([1, 2]);
    expect(report.curve.map((p) => p.testDocuments)).toEqual([2, 1]);
    for (const point of report.curve) {
      expect(Object.keys(point.baselines)).toEqual(['texttiling', 'c99', 'structural']);
      for (const s of [point.learned, ...Object.values(point.baselines)]) {
        for (const v of [s.pk, s.windowDiff, s.f1]) expect(v).toBeGreaterThanOrEqual(0);
        expect(s.pk).toBeLessThanOrEqual(1);
      }
    }
    const html = readFileSync(join(out, 'learn.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('learned, k=2');
  });

  it('refuses a corpus too small to split, with one line', async () => {
    expectUserError(await runBench(['learn']), /needs --corpus/);
    expectUserError(await runBench(['learn', '--corpus', join(REPO_ROOT, 'test/fixtures/corpus-sample/speeches'), '--limit', '1']), /--limit must be/);
  });
});
