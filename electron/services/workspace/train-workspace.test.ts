/**
 * Train from corrections through the workbench service: refused with a clear message before any
 * correction; then trained on the corrected document, saved in the workspace, listed as available,
 * and used by a batch run over every document. With an embedding model installed (the generated
 * tiny Qwen2 declaring mean pooling, embedded for real by node-llama-cpp), the model also weighs
 * the embedding cosine drops and records which model it used.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextEvent, nextJobEnd, trainLearned } from '../../../test/support/next-event';
import { createWorkbenchService, type WorkbenchService } from '../workbench';
import { TINY_EMBED_MODEL } from '../../../test/models/paths';
import { WORKSPACE_MODEL_FILE } from '../learn/model-file';

const TEXT = 'Ships sail the sea and whales swim near the ships. Sailors on ships hunt whales at sea. The sea is wide for ships and whales. Taxes fund the budget of the state. The state budget needs taxes and careful spending. Spending and taxes shape the budget.\n';

let root: string;
let service: WorkbenchService | undefined;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'train-workspace-'));
  writeFileSync(path.join(root, 'one.txt'), TEXT);
  writeFileSync(path.join(root, 'two.txt'), TEXT.replace('Ships sail', 'Boats sail'));
});
afterEach(async () => {
  await service?.dispose();
  rmSync(root, { recursive: true, force: true });
});


describe('workspaceTrainLearned', () => {
  it('trains on the corrections, saves the model in the workspace, and batch runs use it', async () => {
    const dir = path.join(root, 'ws');
    service = createWorkbenchService({ workspaceDir: dir, embeddingModel: null });
    const { added } = await service.request('workspaceImportFolder', { path: root, mode: 'copy' });
    const [one] = added;
    // Refused by the training itself: its job fails with the reason.
    await expect(trainLearned(service)).rejects.toThrow(/no corrected documents/);
    expect((await service.request('listStrategies', {})).find((s) => s.name === 'learned')?.available).toBe(false);

    const change = TEXT.indexOf('Taxes fund');
    const saved = nextEvent(service, 'workspace-saved');
    await service.request('workspaceSaveCorrection', { workspaceDocumentId: one!.id, segmentation: { boundaries: [change], notes: [{}, {}] }, basedOnStrategy: null });
    await saved;

    const report = await trainLearned(service);
    expect(report.documents).toEqual(['one.txt']);
    expect(report.crossValidation).toBeNull();
    expect(report.topFeatures.length).toBeGreaterThan(0);
    expect(report.modelFile).toBe(path.join(dir, WORKSPACE_MODEL_FILE));
    expect(existsSync(report.modelFile)).toBe(true);
    expect((await service.request('listStrategies', {})).find((s) => s.name === 'learned')?.available).toBe(true);

    const finished = nextJobEnd(service, 'batch');
    await service.request('workspaceBatchRun', { strategy: 'learned', options: {} });
    const outcomes = (await finished).result?.outcomes ?? [];
    expect(outcomes.map((o) => [o.ok, o.error])).toEqual([[true, undefined], [true, undefined]]);
    const runs = await service.request('workspaceOpenDocument', { workspaceDocumentId: added[1]!.id });
    const learned = runs.state.runs.find((r) => r.result.strategy === 'learned');
    expect(learned?.result.segmentation.boundaries).toContain(TEXT.indexOf('Taxes fund'));
  });

  it('takes the declared training options and says when most corrections started from one strategy', async () => {
    const dir = path.join(root, 'ws');
    service = createWorkbenchService({ workspaceDir: dir, embeddingModel: null });
    const { added } = await service.request('workspaceImportFolder', { path: root, mode: 'copy' });
    const ran = nextJobEnd(service, 'batch');
    await service.request('workspaceBatchRun', { strategy: 'texttiling', options: {} });
    await ran;
    const saved = nextEvent(service, 'workspace-saved');
    await service.request('workspaceSaveCorrection', {
      workspaceDocumentId: added[0]!.id,
      segmentation: { boundaries: [TEXT.indexOf('Taxes fund')], notes: [{}, {}] },
      basedOnStrategy: 'texttiling',
    });
    await saved;
    const defaults = await trainLearned(service);
    expect(defaults.options).toEqual({ strategyCuts: false });
    expect(defaults.mostlyFrom).toEqual({ strategy: 'texttiling', documents: 1, of: 1 });
    expect(JSON.parse(readFileSync(defaults.modelFile, 'utf8')).features.map((f: { name: string }) => f.name)).not.toContain('texttiling cuts here');
    const withCuts = await trainLearned(service, { training: { strategyCuts: true } });
    expect(withCuts.options).toEqual({ strategyCuts: true });
    expect(JSON.parse(readFileSync(withCuts.modelFile, 'utf8')).features.map((f: { name: string }) => f.name)).toContain('texttiling cuts here');
    await expect(service.request('workspaceTrainLearned', { training: { other: true } } as never)).rejects.toThrow();
  });

  it('takes only the documents chosen: reviewed only, or with one left out; says how far it got; can be cancelled', async () => {
    const dir = path.join(root, 'ws');
    service = createWorkbenchService({ workspaceDir: dir, embeddingModel: null });
    const { added } = await service.request('workspaceImportFolder', { path: root, mode: 'copy' });
    const [one, two] = added;
    const cut = TEXT.indexOf('Taxes fund');
    await service.request('workspaceSaveCorrection', { workspaceDocumentId: one!.id, segmentation: { boundaries: [cut], notes: [{ reviewed: true }, { reviewed: true }] }, basedOnStrategy: null });
    await service.request('workspaceSaveCorrection', { workspaceDocumentId: two!.id, segmentation: { boundaries: [cut], notes: [{ reviewed: true }, {}] }, basedOnStrategy: null });
    const progress: string[] = [];
    service.onEvent((e) => {
      if (e.type === 'job' && e.job.kind === 'train' && e.job.status === 'running' && e.job.progress) progress.push(e.job.stage);
    });

    const reviewed = await trainLearned(service, { include: 'reviewed' });
    expect(reviewed.documents).toEqual(['one.txt']);
    expect(reviewed.skipped).toEqual([{ name: 'two.txt', reason: 'not every segment reviewed yet' }]);
    expect(progress).toContain('reading');
    expect(progress.at(-1)).toBe('training');

    const leftOut = await trainLearned(service, { exclude: [one!.id] });
    expect(leftOut.documents).toEqual(['two.txt']);
    expect(leftOut.skipped).toEqual([{ name: 'one.txt', reason: 'left out' }]);

    const ended = nextJobEnd(service, 'train');
    const { jobId } = await service.request('workspaceTrainLearned', {});
    // One training at a time: a second is refused while this one runs.
    await expect(service.request('workspaceTrainLearned', {})).rejects.toMatchObject({ code: 'unavailable' });
    expect(await service.request('cancelJob', { id: jobId })).toEqual({ cancelled: true });
    expect(await ended).toMatchObject({ id: jobId, status: 'cancelled', result: null });
    expect(await service.request('cancelJob', { id: jobId })).toEqual({ cancelled: false });
  });

  it('learns from sentence embeddings too when the person asks for the installed embedding model, and runs with it', async () => {
    const models = path.join(root, 'models');
    mkdirSync(models);
    copyFileSync(TINY_EMBED_MODEL, path.join(models, 'tiny-qwen2-embed.gguf'));
    const dir = path.join(root, 'ws');
    service = createWorkbenchService({ workspaceDir: dir, modelsDir: models });
    const { added } = await service.request('workspaceImportFolder', { path: root, mode: 'copy' });
    const saved = nextEvent(service, 'workspace-saved');
    await service.request('workspaceSaveCorrection', { workspaceDocumentId: added[0]!.id, segmentation: { boundaries: [TEXT.indexOf('Taxes fund')], notes: [{}, {}] }, basedOnStrategy: null });
    await saved;

    // Not unless asked: the embedding model costs a model call per sentence.
    expect((await trainLearned(service)).embeddingModel).toBeNull();
    const report = await trainLearned(service, { useEmbeddingModel: true });
    expect(report.embeddingModel).toBe('tiny-qwen2-embed.gguf');
    const model = JSON.parse(readFileSync(report.modelFile, 'utf8'));
    expect(model.embedding.name).toBe('tiny-qwen2-embed.gguf');
    expect(model.features.map((f: { name: string }) => f.name)).toContain('embedding cosine drop over 1 sentence');

    const finished = nextJobEnd(service, 'batch');
    await service.request('workspaceBatchRun', { strategy: 'learned', options: {} });
    const outcomes = (await finished).result?.outcomes ?? [];
    expect(outcomes.map((o) => [o.ok, o.error])).toEqual([[true, undefined], [true, undefined]]);
  }, 300_000);
});
