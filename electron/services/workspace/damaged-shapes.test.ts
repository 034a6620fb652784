/**
 * Issue 23, items 5 and 6: damage that passes every schema used to be listed as healthy, open as
 * `internal: ENOENT` or hand an invalid correction to the page, and break the whole batch export;
 * a document.json referencing a file outside the workspace returned that file's text. Each shape
 * here is now listed as damaged with its file, reason and repair, refused on opening with a
 * `damaged` error saying what is wrong, and skipped (and listed) by a batch export.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeDocument } from '../../../shared/document/document-info';
import { segmentationFromCuts } from '../../../shared/document/segmentation';
import { DOCUMENTS_FOLDER_DAMAGE_ID } from '../../../shared/workspace/schema';
import { trainFromWorkspace } from './train-workspace';
import { createWorkbenchService } from '../workbench';
import { repairDocument } from './damaged-documents';
import { exportBatch } from './export-batch';
import { WorkspaceService } from './workspace-service';

const TEXT = 'The first part, about apples. Apples are red. They grow on trees.\n\nThe second part, about pears. Pears are green. They ripen late.\n\nThe third part, about plums. Plums are purple. They make jam.\n';
const SECRET = 'root:x:0:0:the secret that must never reach the page\n';
const readSource = async (file: string) => ({ text: readFileSync(file, 'utf8'), sourceFormat: 'txt' });

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'damaged-shapes-'));
  dir = path.join(root, 'ws');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const open = (referenceRoots: string[] = []) => WorkspaceService.open(dir, { readSource, autosave: { delayMs: 5, maxWaitMs: 20 }, referenceRoots });
const docFile = (id: string, name: string) => path.join(dir, 'documents', id, name);
const cut = (text: string) => segmentationFromCuts(text, [text.indexOf('The second'), text.indexOf('The third')]);

/** A workspace with one healthy document and one (`id`) to damage; closed, so the test can damage it. */
async function workspaceWith(kind: 'copy' | 'reference' = 'copy') {
  const sources = path.join(dir, 'sources');
  const ws = await open();
  const healthy = (await ws.addDocument({ name: 'healthy.txt', text: TEXT, sourceFormat: 'txt' })).id;
  await ws.saveCorrectionNow(healthy, cut(TEXT), null);
  let referenced: string | undefined;
  if (kind === 'reference') {
    mkdirSync(sources, { recursive: true });
    referenced = path.join(sources, 'fruit.txt');
    writeFileSync(referenced, TEXT);
  }
  const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt', ...(referenced ? { referencePath: referenced } : {}) });
  await ws.saveCorrectionNow(id, cut(TEXT), null);
  await ws.saveRun(id, { document: describeDocument('fruit.txt', TEXT), strategy: 'structural', segmentation: cut(TEXT), warnings: [], meta: {} });
  await ws.close();
  return { healthy, id, referenced };
}

/** Listed apart with this file, reason and repair; opening says the same; a batch export skips and lists it. */
async function expectDamaged(ws: WorkspaceService, id: string, healthy: string, expected: { file: string; reason: RegExp; repair: string | null }) {
  const { documents, damaged } = await ws.scanDocuments();
  expect(documents.map((d) => d.id)).toEqual([healthy]);
  expect(damaged).toEqual([{ id, file: expected.file, reason: expect.stringMatching(expected.reason), repair: expected.repair }]);
  const refused = ws.loadDocument(id);
  await expect(refused).rejects.toMatchObject({ code: 'damaged', message: expect.stringMatching(expected.reason) });
  await expect(refused).rejects.toThrow(new RegExp(`^${expected.file.replace(/[.]/g, '\\.')} is damaged: `));
  const exported = await exportBatch(ws, 'training');
  expect(exported.documents).toBe(1);
  expect(exported.damaged).toEqual(damaged);
  expect(exported.skipped).toEqual([{ name: id, reason: expect.stringMatching(/^damaged: /) }]);
  // Training too learns from the healthy one and names the damaged one.
  const trained = await trainFromWorkspace(ws, { embeddingModelFile: null, modelFile: path.join(root, `model-${id}.json`) });
  expect(trained.documents).toEqual(['healthy.txt']);
  expect(trained.skipped).toEqual([{ name: id, reason: expect.stringMatching(/^damaged: /) }]);
}

describe('damaged workspace documents, shape by shape', () => {
  it('a missing source.txt: damaged, can only be removed', async () => {
    const { healthy, id } = await workspaceWith();
    unlinkSync(docFile(id, 'source.txt'));
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/source.txt`, reason: /source\.txt is missing/, repair: null });
    expect((await repairDocument(ws, id, 'remove')).movedTo).toMatch(new RegExp(`^removed/${id}\\.`));
    expect((await ws.scanDocuments()).damaged).toEqual([]);
    await ws.close();
  });

  it('a replaced source.txt: damaged; Repair takes the new text and re-anchors onto it', async () => {
    const { healthy, id } = await workspaceWith();
    const replaced = 'A new opening line.\n\n' + TEXT;
    writeFileSync(docFile(id, 'source.txt'), replaced);
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/source.txt`, reason: /source\.txt was replaced/, repair: 'reanchor' });
    const report = await repairDocument(ws, id, 'repair');
    expect(report.document).toMatchObject({ id, chars: replaced.length });
    const state = await ws.loadDocument(id);
    expect(state.text).toBe(replaced);
    expect(state.corrected?.segmentation.boundaries).toEqual([replaced.indexOf('The second'), replaced.indexOf('The third')]);
    await ws.close();
  });

  it('a source.txt replaced by a symbolic link: damaged, and the file it points to is never read', async () => {
    const { healthy, id } = await workspaceWith();
    writeFileSync(path.join(root, 'secret.txt'), SECRET);
    unlinkSync(docFile(id, 'source.txt'));
    symlinkSync(path.join(root, 'secret.txt'), docFile(id, 'source.txt'));
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/source.txt`, reason: /source\.txt is a symbolic link/, repair: null });
    await ws.close();
  });

  it('a corrected.json that is a symbolic link: damaged, never followed (its target\'s text in no reason)', async () => {
    const { healthy, id } = await workspaceWith();
    writeFileSync(path.join(root, 'secret.txt'), SECRET);
    unlinkSync(docFile(id, 'corrected.json'));
    symlinkSync(path.join(root, 'secret.txt'), docFile(id, 'corrected.json'));
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/corrected.json`, reason: /corrected\.json in .* is a symbolic link, which a workspace never writes: it is not read/, repair: 'set-aside' });
    expect(JSON.stringify(await ws.scanDocuments())).not.toContain('the secret');
    await ws.close();
  });

  it('a document folder that is a symbolic link to a folder elsewhere: damaged, never followed', async () => {
    const { healthy, id } = await workspaceWith();
    renameSync(path.join(dir, 'documents', id), path.join(root, 'elsewhere'));
    symlinkSync(path.join(root, 'elsewhere'), path.join(dir, 'documents', id));
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}`, reason: /is a symbolic link \(not followed\), not a document folder/, repair: null });
    await ws.close();
  });

  it('a referenced file that moved: damaged, with its path', async () => {
    const { healthy, id, referenced } = await workspaceWith('reference');
    renameSync(referenced!, `${referenced}.moved`);
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/document.json`, reason: /fruit\.txt is not there \(moved or deleted\?\)/, repair: null });
    // Put back, it is a document again.
    renameSync(`${referenced}.moved`, referenced!);
    expect((await ws.loadDocument(id)).text).toBe(TEXT);
    await ws.close();
  });

  const breakages: [string, (seg: { boundaries: number[]; notes: object[] }) => object, RegExp][] = [
    ['a boundary past the end of the text', (seg) => ({ ...seg, boundaries: [seg.boundaries[0], TEXT.length + 40] }), /boundary \d+ is not inside the text/],
    ['a wrong note count', (seg) => ({ ...seg, notes: [{}] }), /expected 3 notes, got 1/],
    ['unsorted boundaries', (seg) => ({ ...seg, boundaries: [...seg.boundaries].reverse() }), /boundary \d+ is not after \d+/],
  ];
  for (const [what, breakIt, reason] of breakages) {
    for (const kind of ['copy', 'reference'] as const) {
      it(`a corrected.json that passes the schema but has ${what} (${kind}): damaged; Repair sets it aside`, async () => {
        const { healthy, id } = await workspaceWith(kind);
        const file = docFile(id, 'corrected.json');
        const corrected = JSON.parse(readFileSync(file, 'utf8')) as { segmentation: { boundaries: number[]; notes: object[] } };
        writeFileSync(file, JSON.stringify({ ...corrected, segmentation: breakIt(corrected.segmentation) }));
        const ws = await open([path.join(dir, 'sources')]);
        await expectDamaged(ws, id, healthy, { file: `documents/${id}/corrected.json`, reason, repair: 'set-aside' });
        const repaired = await repairDocument(ws, id, 'repair');
        expect(repaired.document).toMatchObject({ id, corrected: null });
        expect(repaired.setAside).toEqual([expect.stringMatching(new RegExp(`^documents/${id}/corrected\\.json\\.damaged-`))]);
        await ws.close();
      });
    }
  }

  it('a run that does not cover the text: damaged; Repair sets it aside', async () => {
    const { healthy, id } = await workspaceWith();
    const file = docFile(id, 'runs/structural.json');
    const run = JSON.parse(readFileSync(file, 'utf8')) as { result: { segmentation: { boundaries: number[] } } };
    run.result.segmentation.boundaries = [5, 5];
    writeFileSync(file, JSON.stringify(run));
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/runs/structural.json`, reason: /not after 5|expected/, repair: 'set-aside' });
    expect((await repairDocument(ws, id, 'repair')).document?.strategies).toEqual([]);
    await ws.close();
  });

  it('a document folder without its document.json: damaged (it used to vanish); Repair rebuilds the record', async () => {
    const { healthy, id } = await workspaceWith();
    unlinkSync(docFile(id, 'document.json'));
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/document.json`, reason: /document\.json is missing \(its copied text is still there\)/, repair: 'rebuild-record' });
    const repaired = await repairDocument(ws, id, 'repair');
    expect(repaired).toMatchObject({ setAside: [], document: { id, chars: TEXT.length } });
    expect((await ws.loadDocument(id)).corrected?.segmentation.boundaries).toEqual(cut(TEXT).boundaries);
    await ws.close();
  });

  it('a file where a document folder should be: damaged; Remove moves it to removed/', async () => {
    const { healthy, id } = await workspaceWith();
    rmSync(path.join(dir, 'documents', id), { recursive: true });
    writeFileSync(path.join(dir, 'documents', id), 'not a folder');
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}`, reason: /is a file, not a document folder/, repair: null });
    const removed = await repairDocument(ws, id, 'remove');
    expect(readFileSync(path.join(dir, removed.movedTo!), 'utf8')).toBe('not a folder');
    await ws.close();
  });

  it('a file where runs/ should be: damaged; Repair sets it aside and runs are saved again', async () => {
    const { healthy, id } = await workspaceWith();
    rmSync(docFile(id, 'runs'), { recursive: true });
    writeFileSync(docFile(id, 'runs'), 'not a folder');
    const ws = await open();
    await expectDamaged(ws, id, healthy, { file: `documents/${id}/runs`, reason: /runs is not a folder/, repair: 'set-aside' });
    await repairDocument(ws, id, 'repair');
    await ws.saveRun(id, { document: describeDocument('fruit.txt', TEXT), strategy: 'structural', segmentation: cut(TEXT), warnings: [], meta: {} });
    expect((await ws.loadDocument(id)).runs).toHaveLength(1);
    await ws.close();
  });

  it('a file where documents/ should be: the workspace opens, lists it as damaged, refuses adds, and Repair makes the folder', async () => {
    const ws0 = await open();
    await ws0.close();
    rmSync(path.join(dir, 'documents'), { recursive: true });
    writeFileSync(path.join(dir, 'documents'), 'not a folder');
    const ws = await open();
    expect(await ws.scanDocuments()).toEqual({
      documents: [],
      damaged: [{ id: DOCUMENTS_FOLDER_DAMAGE_ID, file: 'documents', reason: expect.stringMatching(/a file stands where the workspace's documents\/ folder should be/), repair: 'set-aside' }],
    });
    await expect(ws.addDocument({ name: 'new.txt', text: TEXT, sourceFormat: 'txt' })).rejects.toMatchObject({ code: 'damaged', message: expect.stringMatching(/repair it in the Workspace panel first/) });
    expect((await exportBatch(ws, 'training')).damaged.map((d) => d.id)).toEqual([DOCUMENTS_FOLDER_DAMAGE_ID]);
    const repaired = await repairDocument(ws, DOCUMENTS_FOLDER_DAMAGE_ID, 'repair');
    expect(readFileSync(path.join(dir, repaired.setAside[0]!), 'utf8')).toBe('not a folder');
    expect((await ws.addDocument({ name: 'new.txt', text: TEXT, sourceFormat: 'txt' })).name).toBe('new.txt');
    expect((await ws.scanDocuments()).damaged).toEqual([]);
    await ws.close();
  });
});

describe('references outside the workspace and the allowed folders (item 6)', () => {
  async function handedOver(reference: string) {
    const { healthy, id } = await workspaceWith();
    writeFileSync(path.join(root, 'secret.txt'), SECRET);
    const record = JSON.parse(readFileSync(docFile(id, 'document.json'), 'utf8')) as Record<string, unknown>;
    const { sha256, chars } = describeDocument('fruit.txt', SECRET);
    writeFileSync(docFile(id, 'document.json'), JSON.stringify({ ...record, source: { kind: 'reference', path: reference }, sha256, chars }));
    rmSync(docFile(id, 'corrected.json'));
    rmSync(docFile(id, 'runs'), { recursive: true });
    rmSync(docFile(id, 'source.txt'));
    return { healthy, id };
  }

  for (const reference of ['ABSOLUTE', '../secret.txt', 'documents/../../secret.txt']) {
    it(`a reference ${reference === 'ABSOLUTE' ? 'to an absolute path' : `'${reference}'`} outside them: damaged, and its text never returned`, async () => {
      const { healthy, id } = await handedOver(reference === 'ABSOLUTE' ? path.join(root, 'secret.txt') : reference);
      const ws = await open();
      await expectDamaged(ws, id, healthy, { file: `documents/${id}/document.json`, reason: /secret\.txt lies outside the workspace and the folders this workbench may use: it is not read/, repair: null });
      await ws.close();
    });
  }

  it('through the service contract: refused with `damaged`, the text in no answer; inside an allowed folder it opens', async () => {
    const { id } = await handedOver(path.join(root, 'secret.txt'));
    const service = createWorkbenchService({ workspaceDir: dir });
    const answers: unknown[] = [];
    try {
      const web = { transport: 'web' as const };
      answers.push(await service.call('workspaceListDocuments', {}, web), await service.call('workspaceListDamaged', {}, web), await service.call('workspaceExportBatch', { format: 'training' }, web));
      await expect(service.call('workspaceOpenDocument', { workspaceDocumentId: id }, web)).rejects.toMatchObject({ code: 'damaged', message: expect.stringMatching(/outside the workspace/) });
      expect(JSON.stringify(answers)).not.toContain('the secret');
      expect(JSON.stringify(answers)).toContain('lies outside the workspace');
    } finally {
      await service.dispose();
    }
    const allowing = createWorkbenchService({ workspaceDir: dir, allowedDirs: [root] });
    try {
      expect((await allowing.request('workspaceOpenDocument', { workspaceDocumentId: id })).document.text).toBe(SECRET);
    } finally {
      await allowing.dispose();
    }
    expect(existsSync(path.join(dir, 'workspace.lock'))).toBe(false);
  });
});
