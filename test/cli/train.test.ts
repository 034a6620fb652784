/**
 * `cli train` and `segment --strategy learned`, run as a user would: a model trained on the
 * committed speeches sample is readable JSON that segments a document; bad input is one line, exit 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODEL_FEATURE_NAMES as FEATURE_NAMES } from '../../shared/learn/model';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, REPO_ROOT, runCli } from './support/run-cli';

const dir = scratchDir('train-');
const SAMPLE = join(REPO_ROOT, 'test/fixtures/corpus-sample/speeches');
const model = join(dir, 'model.json');

describe('cli train and segment --strategy learned', () => {
  it('trains on a corpus folder, prints held-out figures and features, and writes a readable model', async () => {
    const run = await runCli(['train', '--corpus', SAMPLE, '--out', model]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^trained on 3 documents/);
    expect(run.stdout).toMatch(/held-out \(3-fold, 3 documents\): Pk \d\.\d{3}/);
    expect(run.stdout).toContain(`wrote ${model}`);
    const json = JSON.parse(readFileSync(model, 'utf8'));
    expect(json.features.map((f: { name: string }) => f.name)).toEqual(FEATURE_NAMES);
    expect(json.trainedOn.map((d: { name: string }) => d.name)).toEqual(['speeches-001.txt', 'speeches-002.txt', 'speeches-003.txt']);
    expect(json.lengthPrior.logSd).toBeGreaterThan(0);
  });

  it('segments with the model, covering the text exactly', async () => {
    const file = join(SAMPLE, 'docs/speeches-002.txt');
    const run = await runCli(['segment', file, '--strategy', 'learned', '--model-file', model]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.strategy).toBe('learned');
    expect(result.segments.length).toBeGreaterThan(2);
    expect(result.segments.map((s: { text: string }) => s.text).join('')).toBe(readFileSync(file, 'utf8'));
  });

  it('refuses bad input with one line and exit 2', async () => {
    const doc = join(SAMPLE, 'docs/speeches-001.txt');
    const notModel = join(dir, 'not-a-model.json');
    writeFileSync(notModel, '{"format":"something else"}');
    expectUserError(await runCli(['segment', doc, '--strategy', 'learned']), /needs --model-file/);
    expectUserError(await runCli(['segment', doc, '--strategy', 'learned', '--model-file', join(dir, 'missing.json')]), /no model file at/);
    expectUserError(await runCli(['segment', doc, '--strategy', 'learned', '--model-file', notModel]), /is not a learned model/);
    expectUserError(await runCli(['segment', doc, '--strategy', 'c99', '--model-file', model]), /applies only to the learned strategy/);
    expectUserError(await runCli(['train']), /exactly one of --workspace/);
    expectUserError(await runCli(['train', '--workspace', join(dir, 'nowhere')]), /no workspace at/);
    expectUserError(await runCli(['train', '--corpus', join(dir, 'nowhere')]), /no corpus at/);
  });
});
