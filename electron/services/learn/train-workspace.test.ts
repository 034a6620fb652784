/**
 * Train from corrections through the workbench service: refused with a clear message before any
 * correction; then trained on the corrected document, saved in the workspace, listed as available,
 * and used by a batch run over every document.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextEvent } from '../../../test/support/next-event';
import { createWorkbenchService, type WorkbenchService } from '../workbench';
import { WORKSPACE_MODEL_FILE } from './model-file';

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
    service = createWorkbenchService({ workspaceDir: dir });
    const { added } = await service.request('workspaceImportFolder', { path: root, mode: 'copy' });
    const [one] = added;
    await expect(service.request('workspaceTrainLearned', {})).rejects.toThrow(/no corrected documents/);
    expect((await service.request('listStrategies', {})).find((s) => s.name === 'learned')?.available).toBe(false);

    const change = TEXT.indexOf('Taxes fund');
    const saved = nextEvent(service, 'workspace-saved');
    await service.request('workspaceSaveCorrection', { workspaceDocumentId: one!.id, segmentation: { boundaries: [change], notes: [{}, {}] }, basedOnStrategy: null });
    await saved;

    const report = await service.request('workspaceTrainLearned', {});
    expect(report.documents).toEqual(['one.txt']);
    expect(report.crossValidation).toBeNull();
    expect(report.topFeatures.length).toBeGreaterThan(0);
    expect(report.modelFile).toBe(path.join(dir, WORKSPACE_MODEL_FILE));
    expect(existsSync(report.modelFile)).toBe(true);
    expect((await service.request('listStrategies', {})).find((s) => s.name === 'learned')?.available).toBe(true);

    const finished = nextEvent(service, 'workspace-batch-finished');
    await service.request('workspaceBatchRun', { strategy: 'learned', options: {} });
    const { outcomes } = await finished;
    expect(outcomes.map((o) => [o.ok, o.error])).toEqual([[true, undefined], [true, undefined]]);
    const runs = await service.request('workspaceOpenDocument', { workspaceDocumentId: added[1]!.id });
    const learned = runs.state.runs.find((r) => r.result.strategy === 'learned');
    expect(learned?.result.segmentation.boundaries).toContain(TEXT.indexOf('Taxes fund'));
  });
});
