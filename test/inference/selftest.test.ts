/**
 * `models selftest` on the tiny fixture model (real node-llama-cpp): every prompt layout of a
 * profile runs in free mode on a probe document, gets figures and a score, the best is named, and
 * `apply` writes the user's copy of the profile with the best layout. The figures mean nothing on
 * random weights; the mechanism is what is tested.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROMPT_FORMATS } from '../../shared/profiles/schema';
import { loadProfile } from '../../electron/services/inference/profiles';
import { probeDocuments, runSelftest } from '../../electron/services/models/selftest';
import { useTinyEngine } from './tiny-engine';
import { fixtureModelsDir, repoRoot } from './tiny-profiles';

const tiny = useTinyEngine();

describe('models selftest', () => {
  it('builds probe documents from the bundled texts, joined at known points', async () => {
    const docs = await probeDocuments({ count: 2, parts: 4, passageChars: 500 });
    expect(docs).toHaveLength(2);
    for (const d of docs) {
      expect(d.joins).toHaveLength(3);
      expect(d.name).toMatch(/moby-dick|sotu/);
    }
  });

  it('scores every prompt layout of a profile, names the best and applies it to the user copy only', async () => {
    const shipped = readFileSync(join(repoRoot, 'resources', 'profiles', 'simple.json'), 'utf-8');
    const report = await runSelftest({
      profiles: ['tiny-simple'],
      apply: true,
      engine: tiny.engine,
      profilesDir: tiny.profilesDir,
      modelsDir: fixtureModelsDir,
      gpu: 'off',
      threads: 1,
      probes: { count: 1, parts: 3, passageChars: 300 },
    });
    expect(report.rows.map((r) => r.variant)).toEqual(PROMPT_FORMATS.map((f) => `tiny-simple@${f}`));
    for (const { figures } of report.rows) {
      for (const share of [figures.parseShare, figures.headsPlaced, figures.joinsFound, figures.repetition]) {
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }
      expect(figures.tokensPerSecond).toBeGreaterThan(0);
    }
    const best = report.rows.reduce((a, r) => (r.figures.score > a.figures.score ? r : a));
    expect(report.best).toEqual([{ profile: 'tiny-simple', variant: best.variant, score: best.figures.score }]);
    expect(report.applied).toEqual([join(tiny.profilesDir, 'tiny-simple.json')]);
    const { profile } = await loadProfile('tiny-simple', { profilesDir: tiny.profilesDir });
    expect(profile.prompt.format).toBe(best.layout);
    expect(readFileSync(join(repoRoot, 'resources', 'profiles', 'simple.json'), 'utf-8')).toBe(shipped);
  });
});
