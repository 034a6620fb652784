/**
 * Issue 12, row 7: one corrupt file in documents/<id>/ used to make the whole workspace unlistable.
 * Now the document is listed as damaged (file and reason), the others stay usable, and it can be
 * repaired or removed, with nothing deleted.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeDocument } from '../../../shared/document/document-info';
import { segmentationFromCuts } from '../../../shared/document/segmentation';
import { createWorkbenchService, type WorkbenchService } from '../workbench';
import { repairDocument } from './damaged-documents';
import { exportBatch } from './export-batch';
import { WorkspaceService } from './workspace-service';

const text = (n: number) => `Document ${n} opens here. It says one thing.\n\nThen it says another thing entirely.\n`;

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'damaged-docs-'));
  dir = path.join(root, 'ws');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Five documents: a healthy one, and four each damaged in another file. */
async function damagedWorkspace() {
  const referenced = path.join(root, 'referenced.txt');
  writeFileSync(referenced, text(4));
  const ws = await WorkspaceService.open(dir, { readSource: async (file) => ({ text: readFileSync(file, 'utf8'), sourceFormat: 'txt' }) });
  const [healthy, badRecord, badCorrection, badRun, badReference] = [
    await ws.addDocument({ name: 'healthy.txt', text: text(0), sourceFormat: 'txt' }),
    await ws.addDocument({ name: 'bad-record.md', text: text(1), sourceFormat: 'md' }),
    await ws.addDocument({ name: 'bad-correction.txt', text: text(2), sourceFormat: 'txt' }),
    await ws.addDocument({ name: 'bad-run.txt', text: text(3), sourceFormat: 'txt' }),
    await ws.addDocument({ name: 'referenced.txt', text: text(4), sourceFormat: 'txt', referencePath: referenced }),
  ].map((d) => d.id) as [string, string, string, string, string];
  await ws.saveCorrectionNow(badCorrection, segmentationFromCuts(text(2), [44]), null);
  await ws.saveRun(badRun, { document: describeDocument('bad-run.txt', text(3)), strategy: 'structural', segmentation: segmentationFromCuts(text(3), [44]), warnings: [], meta: {} });
  await ws.close();

  const file = (id: string, name: string) => path.join(dir, 'documents', id, name);
  // Valid JSON that fails the schema: the name and format can still be salvaged.
  const record = JSON.parse(readFileSync(file(badRecord, 'document.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(file(badRecord, 'document.json'), JSON.stringify({ ...record, chars: 'many' }));
  writeFileSync(file(badCorrection, 'corrected.json'), '{"format": "segment-workbench-corrected", "revis');
  writeFileSync(file(badRun, 'runs/structural.json'), 'garbage');
  writeFileSync(file(badReference, 'document.json'), '');
  const reopened = await WorkspaceService.open(dir, { readSource: async (f) => ({ text: readFileSync(f, 'utf8'), sourceFormat: 'txt' }) });
  return { ws: reopened, ids: { healthy, badRecord, badCorrection, badRun, badReference } };
}

describe('damaged workspace documents', () => {
  it('lists the usable documents, and each damaged one with its file and reason', async () => {
    const { ws, ids } = await damagedWorkspace();
    expect((await ws.listDocuments()).map((d) => d.id)).toEqual([ids.healthy]);
    const damaged = (await ws.scanDocuments()).damaged;
    const byId = Object.fromEntries(damaged.map((d) => [d.id, d]));
    expect(byId[ids.badRecord]).toMatchObject({ file: `documents/${ids.badRecord}/document.json`, reason: expect.stringMatching(/not a valid workspace file at chars/), repair: 'rebuild-record' });
    expect(byId[ids.badCorrection]).toMatchObject({ file: `documents/${ids.badCorrection}/corrected.json`, reason: expect.stringMatching(/not valid JSON/), repair: 'set-aside' });
    expect(byId[ids.badRun]).toMatchObject({ file: `documents/${ids.badRun}/runs/structural.json`, repair: 'set-aside' });
    // Added by reference: no copy of the text to rebuild the record from.
    expect(byId[ids.badReference]).toMatchObject({ file: `documents/${ids.badReference}/document.json`, repair: null });
    expect(damaged).toHaveLength(4);
    // The healthy document still opens, and a batch export names the damaged ones instead of failing.
    expect((await ws.loadDocument(ids.healthy)).text).toBe(text(0));
    const exported = await exportBatch(ws, 'training');
    expect(exported.skipped.filter((s) => s.reason.startsWith('damaged: ')).map((s) => s.name).sort()).toEqual(
      [ids.badRecord, ids.badCorrection, ids.badRun, ids.badReference].sort(),
    );
    await ws.close();
  });

  it('repairs by setting the damaged file aside or rebuilding the record; removes by moving the folder aside', async () => {
    const { ws, ids } = await damagedWorkspace();

    const record = await repairDocument(ws, ids.badRecord, 'repair');
    expect(record.document).toMatchObject({ id: ids.badRecord, name: 'bad-record.md', sourceFormat: 'md', sha256: describeDocument('bad-record.md', text(1)).sha256 });
    expect(record.setAside).toEqual([expect.stringMatching(new RegExp(`^documents/${ids.badRecord}/document\\.json\\.damaged-`))]);
    expect(readFileSync(path.join(dir, record.setAside[0]!), 'utf8')).toContain('"many"');
    expect((await ws.loadDocument(ids.badRecord)).text).toBe(text(1));

    const correction = await repairDocument(ws, ids.badCorrection, 'repair');
    expect(correction.document).toMatchObject({ id: ids.badCorrection, corrected: null });
    expect(existsSync(path.join(dir, correction.setAside[0]!))).toBe(true);

    const run = await repairDocument(ws, ids.badRun, 'repair');
    expect(run.document?.strategies).toEqual([]);

    await expect(repairDocument(ws, ids.badReference, 'repair')).rejects.toThrow(/cannot be repaired .*remove the document instead/);
    const removed = await repairDocument(ws, ids.badReference, 'remove');
    expect(removed.movedTo).toMatch(new RegExp(`^removed/${ids.badReference}\\.`));
    expect(readdirSync(path.join(dir, removed.movedTo!))).toContain('document.json');

    expect(await ws.scanDocuments()).toMatchObject({ damaged: [] });
    expect((await ws.listDocuments()).map((d) => d.id).sort()).toEqual([ids.healthy, ids.badRecord, ids.badCorrection, ids.badRun].sort());
    await ws.close();
  });

  it('does the same through the service contract', async () => {
    const { ws, ids } = await damagedWorkspace();
    await ws.close();
    const service: WorkbenchService = createWorkbenchService({ workspaceDir: dir });
    try {
      expect((await service.request('workspaceListDocuments', {})).map((d) => d.id)).toEqual([ids.healthy]);
      expect((await service.request('workspaceListDamaged', {})).map((d) => d.id).sort()).toEqual(
        [ids.badRecord, ids.badCorrection, ids.badRun, ids.badReference].sort(),
      );
      const local = { transport: 'web' as const };
      await expect(service.call('workspaceRepairDocument', { workspaceDocumentId: ids.badReference, action: 'repair' }, local)).rejects.toMatchObject({ code: 'bad-input' });
      await expect(service.call('workspaceRepairDocument', { workspaceDocumentId: ids.badRun, action: 'delete' }, local)).rejects.toMatchObject({ code: 'invalid-params' });
      expect(await service.call('workspaceRepairDocument', { workspaceDocumentId: ids.badReference, action: 'remove' }, local)).toMatchObject({ action: 'remove', document: null });
      expect(await service.call('workspaceRepairDocument', { workspaceDocumentId: ids.badRun, action: 'repair' }, local)).toMatchObject({ document: { id: ids.badRun } });
      expect((await service.request('workspaceListDamaged', {})).map((d) => d.id).sort()).toEqual([ids.badRecord, ids.badCorrection].sort());
    } finally {
      await service.dispose();
    }
  });
});
