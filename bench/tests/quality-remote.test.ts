/**
 * `bench quality` on inference servers sends the documents of a corpus together, bounded by the
 * endpoints' capacity, and gets the figures of one document after another. Against REAL
 * llama-servers (tiny fixture model, the fixture adapters, 2 slots each) on a small corpus sample.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStrategy } from '../../electron/services/strategies/run-strategy';
import { scratchDir } from '../../test/support/scratch-dir';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../../test/support/llama-server';
import { fixtureModelsDir, repoRoot, tinyProfile } from '../../test/inference/tiny-profiles';
import { buildCorpus, REPO_NODE_MODULES } from '../corpus/build';
import { readCorpus, writeCorpus } from '../../electron/corpus/corpus-files';
import { measureStrategy, type QualitySettings, type StrategyRunner } from '../quality/run-quality';
import type { QualityReport, StrategyFigures } from '../quality/types';

const skip = serverSkipReason();
const work = scratchDir('bench-remote-');
const STRATEGY = 'topic';

/** Every figure but the time and the documents at once, which are what concurrency changes. */
function figures(f: StrategyFigures): Omit<StrategyFigures, 'seconds' | 'documentsAtOnce'> {
  const { seconds: _seconds, documentsAtOnce: _atOnce, ...rest } = f;
  return rest;
}

describe.skipIf(skip !== null)(`bench quality on llama-servers: documents at once, same figures${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let a: RunningServer;
  let b: RunningServer;
  const profiles = join(work, 'profiles');
  const corpusDir = join(work, 'corpus');
  const settings: QualitySettings = { tolerance: 0, questionsPerDocument: 4, questionSeed: 'tiny' };

  beforeAll(async () => {
    writeCorpus(corpusDir, buildCorpus('speeches', { seed: 'tiny', limit: 4, maxChars: 1000, nodeModules: REPO_NODE_MODULES }), 'test');
    mkdirSync(profiles);
    writeFileSync(join(profiles, `${STRATEGY}.json`), JSON.stringify(tinyProfile(STRATEGY, { name: STRATEGY })));
    [a, b] = await Promise.all([startLlamaServer({ parallel: 2 }), startLlamaServer({ parallel: 2 })]);
  });
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
  });

  /** The benchmark's runner on the servers, counting the documents in flight. */
  function runner(documentsAtOnce: number): StrategyRunner & { peak: number } {
    let inFlight = 0;
    const r = {
      kind: 'model' as const,
      documentsAtOnce,
      peak: 0,
      run: async ({ text, info, strategy }: { text: string; info: never; strategy: string }, signal?: AbortSignal) => {
        r.peak = Math.max(r.peak, ++inFlight);
        try {
          return await runStrategy({ text, info, strategy, options: { backend: 'remote' }, settings: { profilesDir: profiles, modelsDir: fixtureModelsDir, remote: { endpoints: [a.url, b.url] } } }, { signal });
        } finally {
          inFlight--;
        }
      },
    };
    return r;
  }

  /** The figures of one document after another, measured once for both tests (a minute of decoding on a busy machine). */
  let sequentialRun: Promise<{ figures: StrategyFigures; peak: number }> | undefined;
  const measureSequential = () =>
    (sequentialRun ??= (async () => {
      const one = runner(1);
      return { figures: await measureStrategy(readCorpus(corpusDir), STRATEGY, one, settings), peak: one.peak };
    })());

  it('four documents at once give the figures of one after another', async () => {
    const corpus = readCorpus(corpusDir);
    expect(corpus.documents.length).toBe(4);
    const { figures: sequential, peak } = await measureSequential();
    const four = runner(4);
    const concurrent = await measureStrategy(corpus, STRATEGY, four, settings);
    expect([peak, sequential.documentsAtOnce, concurrent.documentsAtOnce]).toEqual([1, 1, 4]);
    expect(four.peak).toBe(4);
    expect(figures(concurrent)).toEqual(figures(sequential));
    expect(sequential.segments).toBeGreaterThan(sequential.documents);
  }, 600_000);

  it('the command sends as many documents as the endpoints take requests (2 servers × 2 slots) with the same figures', async () => {
    const run = promisify(execFile);
    const { stdout } = await run('npx', ['tsx', 'bench/main.ts', 'quality', '--corpus', corpusDir, '--strategies', STRATEGY, '--backend', 'remote', '--endpoint', a.url, '--endpoint', b.url, '--json', '--out', join(work, 'out')], {
      cwd: repoRoot,
      env: { ...process.env, WORKBENCH_PROFILES_DIR: profiles, WORKBENCH_MODELS_DIR: fixtureModelsDir },
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = JSON.parse(stdout) as QualityReport;
    const { figures: sequential } = await measureSequential();
    expect(report.failed).toEqual([]);
    expect(report.strategies[STRATEGY]!.documentsAtOnce).toBe(4);
    expect(figures(report.strategies[STRATEGY]!)).toEqual(figures(sequential));
  }, 600_000);
});
