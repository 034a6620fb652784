/**
 * `bench quality --model-file`: the learned strategy is measured beside the others, and the report
 * says how many of the corpus's documents its model learned from (those are not held out).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/support/scratch-dir';
import type { QualityReport } from '../quality/types';

const run = promisify(execFile);
const out = scratchDir('bench-quality-learned-');
const REPO = join(import.meta.dirname, '../..');
const SAMPLE = 'test/fixtures/corpus-sample/speeches';
// Training is the product's command; measuring is the bench entry's.
const product = (...args: string[]) => run('npx', ['tsx', 'electron/cli/main.ts', ...args], { cwd: REPO, maxBuffer: 16 * 1024 * 1024 });
const bench = (...args: string[]) => run('npx', ['tsx', 'bench/main.ts', ...args], { cwd: REPO, maxBuffer: 16 * 1024 * 1024 });

describe('bench quality --model-file', () => {
  it('measures learned with the given model and counts its training documents in the corpus', async () => {
    const model = join(out, 'model.json');
    await product('train', '--corpus', SAMPLE, '--limit', '2', '--out', model);
    const { stdout } = await bench('quality', '--corpus', SAMPLE, '--strategies', 'learned,structural', '--model-file', model, '--json', '--out', out);
    const report = JSON.parse(stdout) as QualityReport;
    expect(Object.keys(report.strategies)).toEqual(['learned', 'structural']);
    expect(typeof report.strategies.learned?.f1).toBe('number');
    expect(report.learned).toEqual({ modelFile: model, trainedOn: 2, inCorpus: 2, embeddingModel: null });
    expect(report.skipped).toEqual([]);
  }, 240_000);
});
