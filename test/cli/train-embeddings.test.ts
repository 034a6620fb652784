/**
 * The embedding features through the CLI with a real GGUF (the generated tiny Qwen2, embedded by
 * node-llama-cpp's embedding context, not mocked): `train --embedding-model` records the model
 * (name, bytes, sha256) and its cosine-drop features; `segment --strategy learned` runs with the
 * same file and refuses, in one line, without it or with another.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelFeatureNames } from '../../shared/learn/model';
import { requireFixtures, TINY_LORAS, TINY_MODEL } from '../models/paths';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, REPO_ROOT, runCli } from './support/run-cli';

const dir = scratchDir('train-embeddings-');
const SAMPLE = join(REPO_ROOT, 'test/fixtures/corpus-sample/speeches');
const model = join(dir, 'embedded-model.json');
const doc = join(SAMPLE, 'docs/speeches-002.txt');
/** Each run embeds about 60 sentences with the tiny model: seconds alone, minutes on a loaded 2-core machine. */
const REAL_MODEL_TIMEOUT = 300_000;

describe('cli train --embedding-model and segment --strategy learned --embedding-model', () => {
  it('trains with the embedding features of a real GGUF and records which model', async () => {
    requireFixtures();
    const run = await runCli(['train', '--corpus', SAMPLE, '--limit', '1', '--embedding-model', TINY_MODEL, '--out', model]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^trained on 1 document; typical segment \d+ chars; embeddings of tiny-qwen2\.gguf/);
    const json = JSON.parse(readFileSync(model, 'utf8'));
    expect(json.features.map((f: { name: string }) => f.name)).toEqual(modelFeatureNames(true));
    expect(json.embedding).toEqual({ name: 'tiny-qwen2.gguf', bytes: statSync(TINY_MODEL).size, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The random tiny model's vectors still vary from sentence to sentence: the features are not constant.
    const drop = json.features.find((f: { name: string }) => f.name === 'embedding cosine drop over 1 sentence');
    expect(drop.sd).toBeGreaterThan(0.001);
  }, REAL_MODEL_TIMEOUT);

  it('segments with the same embedding model, covering the text exactly', async () => {
    const run = await runCli(['segment', doc, '--strategy', 'learned', '--model-file', model, '--embedding-model', TINY_MODEL]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.meta.embeddingModel).toBe('tiny-qwen2.gguf');
    expect(result.segments.map((s: { text: string }) => s.text).join('')).toBe(readFileSync(doc, 'utf8'));
  }, REAL_MODEL_TIMEOUT);

  it('refuses without the embedding model, or with another one, in one line', async () => {
    expectUserError(await runCli(['segment', doc, '--strategy', 'learned', '--model-file', model]), /trained with the embeddings of tiny-qwen2\.gguf .*--embedding-model FILE/);
    expectUserError(await runCli(['segment', doc, '--strategy', 'learned', '--model-file', model, '--embedding-model', TINY_LORAS[0] as string]), /not of tiny-lora-simple\.gguf/);
    expectUserError(await runCli(['segment', doc, '--strategy', 'learned', '--model-file', model, '--embedding-model', join(dir, 'missing.gguf')]), /no embedding model at/);
    expectUserError(await runCli(['segment', doc, '--strategy', 'c99', '--embedding-model', TINY_MODEL]), /--embedding-model applies only to the learned strategy/);
    expectUserError(await runCli(['train', '--corpus', SAMPLE, '--limit', '1', '--embedding-model', TINY_LORAS[0] as string, '--out', join(dir, 'x.json')]), /cannot embed with .*tiny-lora-simple\.gguf/);
  }, REAL_MODEL_TIMEOUT);
});
