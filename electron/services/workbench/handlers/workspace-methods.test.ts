import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { splitAt } from '../../../../shared/edit/operations';
import { nextEvent, nextJobEnd, nextRunEnd } from '../../../../test/support/next-event';
import { createWorkbenchService, type WorkbenchService } from '..';

const TEXT = '# Title\n\nFirst paragraph, about one thing. It goes on.\n\nSecond paragraph, about another. It ends here.\n';

let root: string;
let services: WorkbenchService[] = [];
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'workspace-handlers-'));
  writeFileSync(path.join(root, 'notes.md'), TEXT);
});
afterEach(async () => {
  await Promise.all(services.map((s) => s.dispose()));
  services = [];
  rmSync(root, { recursive: true, force: true });
});

function start(workspaceDir?: string): WorkbenchService {
  const service = createWorkbenchService(workspaceDir ? { workspaceDir } : {});
  services.push(service);
  return service;
}


describe('workspace handlers', () => {
  it('import, open, run, correct; a new service on the same folder shows the correction', async () => {
    const dir = path.join(root, 'ws');
    const service = start(dir);
    const report = await service.request('workspaceImportFolder', { path: root, mode: 'copy' });
    expect(report.added.map((d) => d.name)).toEqual(['notes.md']);
    const wsId = report.added[0]!.id;

    const opened = await service.request('workspaceOpenDocument', { workspaceDocumentId: wsId });
    expect(opened.document.text).toBe(TEXT);
    expect(opened.state.source).toEqual({ state: 'unchanged' });

    const finished = nextRunEnd(service);
    const runSaved = nextEvent(service, 'workspace-run-saved');
    await service.request('startRun', { documentId: opened.document.id, strategy: 'structural', options: {} });
    const result = (await finished).result!;
    // The finished run is saved in the workspace on its own, and the windows are told once it is on disk.
    expect(await runSaved).toMatchObject({ workspaceDocumentId: wsId, strategy: 'structural' });
    expect((await service.request('workspaceListDocuments', {}))[0]).toMatchObject({
      strategies: ['structural'],
      shows: { strategy: 'structural', segments: result.segmentation.notes.length },
    });

    const corrected = splitAt(TEXT, result.segmentation, TEXT.indexOf('It ends'));
    const saved = nextEvent(service, 'workspace-saved');
    await service.request('workspaceSaveCorrection', { workspaceDocumentId: wsId, segmentation: corrected, basedOnStrategy: 'structural' });
    expect((await saved).workspaceDocumentId).toBe(wsId);
    await service.dispose();

    const again = start(dir);
    expect(await again.request('workspaceInfo', {})).toEqual({ dir, documents: 1 });
    const reopened = await again.request('workspaceOpenDocument', { workspaceDocumentId: wsId });
    expect(reopened.state.corrected?.segmentation).toEqual(corrected);
    expect(reopened.state.corrected?.basedOn).toEqual({ strategy: 'structural', savedAt: reopened.state.runs[0]!.savedAt });
    expect(reopened.state.runs.map((r) => r.result.strategy)).toEqual(['structural']);
  });

  it('runs a batch with one progress stream and exports the corrected documents', async () => {
    writeFileSync(path.join(root, 'other.txt'), 'Another document.\n\nWith two paragraphs.\n');
    const service = start(path.join(root, 'ws'));
    const { added } = await service.request('workspaceImportFolder', { path: root, mode: 'reference' });
    const progress: number[] = [];
    service.onEvent((e) => {
      if (e.type === 'job' && e.job.kind === 'batch' && e.job.progress) progress.push(e.job.progress.fraction);
    });
    const finished = nextJobEnd(service, 'batch');
    const { batchId } = await service.request('workspaceBatchRun', { strategy: 'structural', options: {} });
    const outcome = await finished;
    expect(outcome).toMatchObject({ id: batchId, status: 'finished', strategy: 'structural', error: null });
    expect(outcome.result?.outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(progress.at(-1)).toBe(1);

    const state = await service.request('workspaceOpenDocument', { workspaceDocumentId: added[0]!.id });
    await service.request('workspaceSaveCorrection', { workspaceDocumentId: added[0]!.id, segmentation: state.state.runs[0]!.result.segmentation, basedOnStrategy: null });
    const exported = await service.request('workspaceExportBatch', { format: 'training' });
    expect(exported.documents).toBe(1);
    expect(exported.skipped).toHaveLength(1);
  });

  it('answers with coded one-line errors', async () => {
    const none = start();
    expect(await none.request('workspaceInfo', {})).toEqual({ dir: null, documents: 0 });
    await expect(none.request('workspaceListDocuments', {})).rejects.toMatchObject({ code: 'unavailable' });
    const service = start(path.join(root, 'ws'));
    await expect(service.request('workspaceOpenDocument', { workspaceDocumentId: 'nope-00000000' })).rejects.toMatchObject({ code: 'bad-input', message: expect.stringMatching(/no document 'nope-00000000'/) });
    await expect(service.call('workspaceSaveCorrection', { workspaceDocumentId: 'x' }, { transport: 'local' })).rejects.toMatchObject({ code: 'invalid-params' });
    await expect(service.request('workspaceImportFolder', { path: path.join(root, 'missing'), mode: 'copy' })).rejects.toMatchObject({ code: 'bad-input' });
  });

  it('a refused workspaceOpen leaves the open workspace open and the refused folder untouched', async () => {
    const service = start(path.join(root, 'ws'));
    const { added } = await service.request('workspaceImportFolder', { path: root, mode: 'copy' });
    const foreign = path.join(root, 'foreign');
    mkdirSync(foreign);
    writeFileSync(path.join(foreign, 'thesis.txt'), 'not a workspace');
    for (const dir of [foreign, path.join(root, 'notes.md'), '/etc/passwd']) {
      await expect(service.request('workspaceOpen', { dir }), dir).rejects.toMatchObject({ code: 'bad-input' });
    }
    expect(readdirSync(foreign)).toEqual(['thesis.txt']);
    expect(await service.request('workspaceInfo', {})).toEqual({ dir: path.join(root, 'ws'), documents: 1 });
    expect((await service.request('workspaceListDocuments', {})).map((d) => d.id)).toEqual([added[0]!.id]);
    expect((await service.request('workspaceOpenDocument', { workspaceDocumentId: added[0]!.id })).document.text).toBe(TEXT);

    // An empty folder, or one that is not there yet, becomes a new workspace; an existing one reopens.
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    writeFileSync(path.join(empty, '.DS_Store'), '');
    expect(await service.request('workspaceOpen', { dir: empty })).toEqual({ dir: empty, documents: 0 });
    expect(await service.request('workspaceOpen', { dir: path.join(root, 'new', 'ws') })).toEqual({ dir: path.join(root, 'new', 'ws'), documents: 0 });
    expect(await service.request('workspaceOpen', { dir: path.join(root, 'ws') })).toEqual({ dir: path.join(root, 'ws'), documents: 1 });
  });
});
