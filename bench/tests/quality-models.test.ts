/**
 * The model strategies inside `bench quality`, end to end on the tiny fixture model (real
 * node-llama-cpp, random weights: the figures mean nothing, the path is what is tested). The
 * profiles are named like the strategies, so the benchmark finds them exactly as it finds a
 * user's installed models; the corpus is made by the same builder as the sample, kept short.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/support/scratch-dir';
import { buildCorpus, REPO_NODE_MODULES } from '../corpus/build';
import { writeCorpus } from '../../electron/corpus/corpus-files';
import type { QualityReport } from '../quality/types';
import { fixtureModelsDir, repoRoot, tinyModelPath, tinyProfile } from '../../test/inference/tiny-profiles';
import { TEST_HOST_ENV } from '../../test/support/host-env';

const run = promisify(execFile);
const MODEL_STRATEGIES = ['simple', 'topic', 'summary'] as const;
const work = scratchDir('bench-models-');

describe('bench quality with model strategies on the tiny fixture model', () => {
  let report: QualityReport;

  beforeAll(async () => {
    if (!existsSync(tinyModelPath)) throw new Error(`missing ${tinyModelPath}: run npm run fixtures first`);
    const profiles = join(work, 'profiles');
    writeCorpus(join(work, 'corpus'), buildCorpus('speeches', { seed: 'tiny', limit: 1, maxChars: 2500, nodeModules: REPO_NODE_MODULES }), 'test');
    mkdirSync(profiles);
    for (const s of MODEL_STRATEGIES) writeFileSync(join(profiles, `${s}.json`), JSON.stringify(tinyProfile(s, { name: s })));
    const { stdout } = await run('npx', ['tsx', 'bench/main.ts', 'quality', '--corpus', join(work, 'corpus'), '--json', '--out', join(work, 'out'), '--gpu', 'off'], {
      cwd: repoRoot,
      env: { ...process.env, WORKBENCH_PROFILES_DIR: profiles, WORKBENCH_MODELS_DIR: fixtureModelsDir, ...TEST_HOST_ENV },
      maxBuffer: 16 * 1024 * 1024,
    });
    report = JSON.parse(stdout) as QualityReport;
  }, 600_000);

  it('runs every installed strategy, model ones included, and skips only learned (no trained model here)', () => {
    expect(Object.keys(report.strategies)).toEqual(['structural', 'sentence-rules', 'texttiling', 'c99', ...MODEL_STRATEGIES]);
    expect(report.skipped.map((s) => s.strategy)).toEqual(['learned']);
  });

  it.each(MODEL_STRATEGIES)('%s has the figures of every strategy', (name) => {
    const f = report.strategies[name]!;
    expect(f.kind).toBe('model');
    expect(f.documents).toBe(1);
    expect(f.segments).toBeGreaterThanOrEqual(1);
    expect(f.embeddingBytes).toBe(f.segments * 4096);
    for (const v of [f.pk, f.windowDiff, f.f1, f.retrieval.top1, f.retrieval.rougeL]) expect(v >= 0 && v <= 1).toBe(true);
    expect(f.seconds).toBeGreaterThan(0);
  });
});
