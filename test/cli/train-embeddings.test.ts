/**
 * The embedding features through the CLI with a real GGUF (the generated tiny Qwen2, embedded by
 * node-llama-cpp's embedding context, not mocked): `train --embedding-model` records the model
 * (name, bytes, sha256) and its cosine-drop features; `segment --strategy learned` runs with the
 * same file and refuses, in one line, without it or with another. `train --workspace` finds the
 * installed embedding model as Train from corrections does, and the flag overrides it.
 */
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelFeatureNames } from '../../shared/learn/model';
import { requireFixtures, TINY_EMBED_MODEL, TINY_LORAS, TINY_MODEL } from '../models/paths';
import { createWorkbenchService } from '../../electron/services/workbench';
import { nextEvent } from '../support/next-event';
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
    // The embedding model runs on the host's CPU threads, checked as the model strategies check them.
    const badThreads = { WORKBENCH_THREADS: 'many' };
    expectUserError(await runCli(['train', '--corpus', SAMPLE, '--limit', '1', '--embedding-model', TINY_MODEL, '--out', join(dir, 'y.json')], REPO_ROOT, badThreads), /threads must be a whole number from 1 to 1024, got 'many'/);
    expectUserError(await runCli(['segment', doc, '--strategy', 'learned', '--model-file', model, '--embedding-model', TINY_MODEL], REPO_ROOT, badThreads), /threads must be a whole number from 1 to 1024, got 'many'/);
  }, REAL_MODEL_TIMEOUT);

  it('train --workspace embeds with the installed embedding model, or the one --embedding-model names', async () => {
    const TEXT = 'Ships sail the sea and whales swim near the ships. Sailors on ships hunt whales at sea. Taxes fund the budget of the state. The state budget needs taxes.\n';
    const sources = join(dir, 'sources');
    const models = join(dir, 'models');
    mkdirSync(sources);
    mkdirSync(models);
    writeFileSync(join(sources, 'one.txt'), TEXT);
    copyFileSync(TINY_EMBED_MODEL, join(models, 'tiny-qwen2-embed.gguf'));
    const workspace = join(dir, 'ws');
    const service = createWorkbenchService({ workspaceDir: workspace, embeddingModel: null });
    try {
      const { added } = await service.request('workspaceImportFolder', { path: sources, mode: 'copy' });
      const saved = nextEvent(service, 'workspace-saved');
      await service.request('workspaceSaveCorrection', { workspaceDocumentId: added[0]!.id, segmentation: { boundaries: [TEXT.indexOf('Taxes fund')], notes: [{}, {}] }, basedOnStrategy: null });
      await saved;
    } finally {
      await service.dispose();
    }
    const host = { WORKBENCH_MODELS_DIR: models, WORKBENCH_EMBEDDING_MODEL: '' };
    const installed = await runCli(['train', '--workspace', workspace, '--out', join(dir, 'ws-installed.json')], REPO_ROOT, host);
    expect(installed.stderr).toBe('');
    expect(installed.stdout).toMatch(/^trained on 1 document; .*embeddings of tiny-qwen2-embed\.gguf/);
    const named = await runCli(['train', '--workspace', workspace, '--embedding-model', TINY_MODEL, '--out', join(dir, 'ws-named.json')], REPO_ROOT, host);
    expect(named.stderr).toBe('');
    expect(named.stdout).toMatch(/embeddings of tiny-qwen2\.gguf/);
    expect(JSON.parse(readFileSync(join(dir, 'ws-named.json'), 'utf8')).embedding.name).toBe('tiny-qwen2.gguf');
  }, REAL_MODEL_TIMEOUT);
});
