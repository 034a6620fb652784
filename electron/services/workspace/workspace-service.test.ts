import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeDocument } from '../../../shared/document/document-info';
import { segmentationFromCuts } from '../../../shared/document/segmentation';
import type { Segmentation } from '../../../shared/document/types';
import { splitAt } from '../../../shared/edit/operations';
import { readTraining, readWiki727k } from '../../../shared/formats';
import { readDocument } from '../../readers';
import { runBatch } from './batch-run';
import { exportBatch } from './export-batch';
import { importFolder } from './import-folder';
import { reanchorDocument } from './reanchor-document';
import { WorkspaceService } from './workspace-service';

const TEXT = 'The first part talks about apples. Apples are red.\n\nThe second part is about pears. Pears are green.\n\nA third part covers plums, which are purple.\n';
const readSource = async (file: string) => {
  const read = await readDocument(file);
  return { text: read.text, sourceFormat: read.sourceFormat };
};

let root: string;
let dir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'workspace-test-'));
  dir = path.join(root, 'ws');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// Documents here reference files beside the workspace: that folder is allowed, as `serve --allow-dir` would.
const open = () => WorkspaceService.open(dir, { readSource, autosave: { delayMs: 5, maxWaitMs: 20 }, referenceRoots: [root] });

describe('WorkspaceService', () => {
  it('creates a workspace folder with readable, canonical JSON', async () => {
    const ws = await open();
    const doc = await ws.addDocument({ name: 'Fruit notes.txt', text: TEXT, sourceFormat: 'txt' });
    expect(doc.id).toMatch(/^fruit-notes-txt-[0-9a-f]{8}$/);
    expect(readFileSync(path.join(dir, 'documents', doc.id, 'source.txt'), 'utf8')).toBe(TEXT);
    const record = readFileSync(path.join(dir, 'documents', doc.id, 'document.json'), 'utf8');
    expect(record.endsWith('}\n')).toBe(true);
    expect(record).toContain('\n  "chars": ');
    const keys = Object.keys(JSON.parse(record));
    expect(keys).toEqual([...keys].sort());
    expect(JSON.parse(readFileSync(path.join(dir, 'workspace.json'), 'utf8')).format).toBe('segment-workbench-workspace');
    // Adding the same document again changes nothing.
    expect((await ws.addDocument({ name: 'Fruit notes.txt', text: TEXT, sourceFormat: 'txt' })).id).toBe(doc.id);
    expect(await ws.listDocuments()).toHaveLength(1);
    await ws.close();
  });

  it('saves corrections, and a reopened workspace shows them with their metadata', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    const run = await ws.saveRun(id, { document: describeDocument('fruit.txt', TEXT), strategy: 'structural', segmentation: segmentationFromCuts(TEXT, [52]), warnings: [], meta: {} });
    let seg: Segmentation = run.result.segmentation;
    seg = splitAt(TEXT, seg, TEXT.indexOf('A third'));
    await ws.saveCorrection(id, seg, { strategy: 'structural', savedAt: run.savedAt });
    const withTopic = { ...seg, notes: seg.notes.map((n, i) => (i === 2 ? { ...n, topic: 'Plums', reviewed: true } : n)) };
    await ws.saveCorrection(id, withTopic, { strategy: 'structural', savedAt: run.savedAt });
    await ws.close();

    const again = await open();
    const state = await again.loadDocument(id);
    expect(state.source).toEqual({ state: 'unchanged' });
    expect(state.corrected?.segmentation).toEqual(withTopic);
    expect(state.corrected?.basedOn).toEqual({ strategy: 'structural', savedAt: run.savedAt });
    expect(state.corrected?.revision).toBeGreaterThanOrEqual(1);
    expect(state.corrected?.anchors[1]).toBe(TEXT.slice(TEXT.indexOf('A third'), TEXT.indexOf('A third') + 60));
    expect(state.runs.map((r) => r.result.strategy)).toEqual(['structural']);
    const [summary] = await again.listDocuments();
    expect(summary?.corrected).toMatchObject({ segments: 3, reviewed: 1 });
    await again.close();
  });

  it('keeps one run per strategy and settings: two c99 runs survive a reopen, a rerun with the same settings replaces its own', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    const c99 = (mask: number, cut: number) => ({ document: describeDocument('fruit.txt', TEXT), strategy: 'c99', segmentation: segmentationFromCuts(TEXT, [cut]), warnings: [], meta: { options: { c99: { mask } } } });
    await ws.saveRun(id, c99(11, 52));
    await ws.saveRun(id, c99(5, 52));
    await ws.saveRun(id, c99(11, TEXT.indexOf('A third')));
    await ws.close();
    const again = await open();
    const runs = (await again.loadDocument(id)).runs.map((r) => [(r.result.meta.options as { c99: { mask: number } }).c99.mask, r.result.segmentation.boundaries]);
    expect(runs.sort()).toEqual([[11, [TEXT.indexOf('A third')]], [5, [52]]].sort());
    expect((await again.listDocuments())[0]?.strategies).toEqual(['c99']);
    await again.close();
  });

  it('refuses a correction that does not cover the text, and keeps the saved one', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    const good = segmentationFromCuts(TEXT, [52]);
    await ws.saveCorrection(id, good, null);
    await expect(ws.saveCorrection(id, { boundaries: [9999], notes: [{}, {}] }, null)).rejects.toThrow(/boundary 9999/);
    await expect(ws.saveCorrection(id, { boundaries: [52], notes: [{}] }, null)).rejects.toThrow(/notes/);
    expect((await ws.loadDocument(id)).corrected?.segmentation).toEqual(good);
    await ws.close();
  });

  it('keeps the order of corrections, however long their checks take', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    const older = segmentationFromCuts(TEXT, [52]);
    const newer = segmentationFromCuts(TEXT, [52, TEXT.indexOf('A third')]);
    const slowBasis = () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 50));
    await Promise.all([ws.saveCorrection(id, older, slowBasis), ws.saveCorrection(id, newer, null)]);
    expect((await ws.loadDocument(id)).corrected?.segmentation).toEqual(newer);
    await ws.close();
  });

  it('refuses a folder that is a file, a foreign workspace.json and unsafe document ids', async () => {
    writeFileSync(path.join(root, 'file'), 'x');
    await expect(WorkspaceService.open(path.join(root, 'file'), { readSource })).rejects.toThrow(/not a folder/);
    const ws = await open();
    await expect(ws.loadDocument('../../etc')).rejects.toThrow(/not a workspace document id/);
    await ws.close();
    writeFileSync(path.join(dir, 'workspace.json'), '{"format":"something-else"}');
    await expect(open()).rejects.toThrow(/not a Segment Workbench workspace/);
  });

  it('lists the symbolic links of an imported folder as skipped, with the reason, and follows none', async () => {
    const folder = path.join(root, 'to-import');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'real.txt'), TEXT);
    writeFileSync(path.join(root, 'outside.txt'), 'A file outside the imported folder.\n');
    symlinkSync(path.join(root, 'outside.txt'), path.join(folder, 'link-out.txt'));
    symlinkSync('real.txt', path.join(folder, 'link-in.txt'));
    const ws = await open();
    const report = await importFolder(ws, folder, 'copy', readSource);
    expect(report.added.map((d) => d.name)).toEqual(['real.txt']);
    expect(report.skipped).toEqual([
      { file: 'link-in.txt', reason: expect.stringMatching(/^a symbolic link: not followed/) },
      { file: 'link-out.txt', reason: expect.stringMatching(/^a symbolic link: not followed/) },
    ]);
    await ws.close();
  });

  it('removes temp files left by a killed writer when it opens', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    await ws.close();
    const leftover = path.join(dir, 'documents', id, '.corrected.json.999999999.abcdef.partial');
    writeFileSync(leftover, '{"half": ');
    await (await open()).close();
    expect(existsSync(leftover)).toBe(false);
  });

  it('notices a changed source, refuses edits until re-anchored, then re-anchors boundaries by their text', async () => {
    const source = path.join(root, 'fruit.md');
    writeFileSync(source, TEXT);
    const ws = await open();
    const report = await importFolder(ws, root, 'reference', readSource);
    expect(report.added.map((d) => d.name)).toEqual(['fruit.md']);
    const { id } = report.added[0]!;
    const seg = segmentationFromCuts(TEXT, [TEXT.indexOf('The second'), TEXT.indexOf('A third')]);
    await ws.saveRun(id, { document: describeDocument('fruit.md', TEXT), strategy: 'structural', segmentation: seg, warnings: [], meta: {} });
    await ws.saveCorrection(id, { ...seg, notes: [{}, { topic: 'Pears' }, {}] }, null);
    await ws.close();

    const edited = 'A new introduction.\n\n' + TEXT.replace('A third part covers plums, which are purple.', 'Completely different closing words.');
    writeFileSync(source, edited);
    const again = await open();
    const state = await again.loadDocument(id);
    expect(state.source).toMatchObject({ state: 'changed', currentChars: edited.length, recordedChars: TEXT.length });
    await expect(again.saveCorrection(id, seg, null)).rejects.toThrow(/has changed/);

    const preview = await reanchorDocument(again, id, false);
    expect(preview.applied).toBe(false);
    expect(preview.segmentations.map((s) => [s.name, s.placed, s.unplaced.length])).toEqual([['structural', 1, 1], ['corrected', 1, 1]]);
    expect(preview.segmentations[1]?.unplaced[0]?.anchor).toMatch(/^A third part/);
    expect((await again.loadDocument(id)).source.state).toBe('changed');

    const applied = await reanchorDocument(again, id, true);
    expect(applied.applied).toBe(true);
    const after = await again.loadDocument(id);
    expect(after.source).toEqual({ state: 'unchanged' });
    expect(after.corrected?.segmentation).toEqual({ boundaries: [edited.indexOf('The second')], notes: [{}, { topic: 'Pears' }] });
    expect(after.runs[0]?.result.document.sha256).toBe(describeDocument('fruit.md', edited).sha256);
    expect(after.runs[0]?.result.warnings.map((w) => w.code)).toEqual(['reanchor-unplaced']);
    await again.saveCorrection(id, after.corrected!.segmentation, null);
    await again.close();
  });

  it('lists unsupported and unreadable files when importing a folder', async () => {
    const folder = path.join(root, 'docs');
    const ws = await open();
    writeFileSync(path.join(root, 'a.txt'), 'Alpha.\n');
    writeFileSync(path.join(root, 'b.exe'), 'MZ');
    // Binary (a NUL after text): unreadable. Not FF FE ...: a byte order mark makes that UTF-16 text now.
    writeFileSync(path.join(root, 'c.txt'), Buffer.from([0x41, 0x00, 0x42, 0x01]));
    writeFileSync(path.join(root, 'd.txt'), ' \n\n');
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'sub', 'e.txt'), 'Echo.\n');
    const report = await importFolder(ws, root, 'copy', readSource);
    expect(report.added.map((d) => d.name)).toEqual(['a.txt']);
    expect(report.skipped.filter((s) => !s.file.startsWith('ws')).map((s) => [s.file, s.reason])).toEqual([
      ['b.exe', 'unsupported file type'],
      ['c.txt', expect.any(String)],
      ['d.txt', 'empty: no text to segment'],
      ['sub/', 'a folder (import does not go into subfolders)'],
    ]);
    // Imported again: nothing new, and it says so.
    const again = await importFolder(ws, root, 'copy', readSource);
    expect([again.added.length, again.alreadyThere.map((d) => d.name)]).toEqual([0, ['a.txt']]);
    await expect(importFolder(ws, folder, 'copy', readSource)).rejects.toThrow(/cannot read the folder/);
    await ws.close();
  });

  it('runs a strategy over every document with one progress stream, then exports the corrected ones', async () => {
    const ws = await open();
    const a = await ws.addDocument({ name: 'a.txt', text: TEXT, sourceFormat: 'txt' });
    const b = await ws.addDocument({ name: 'b.txt', text: TEXT.toUpperCase(), sourceFormat: 'txt' });
    const progress: number[] = [];
    const outcomes = await runBatch(ws, {
      ids: [a.id, b.id, 'missing-00000000'],
      strategy: 'paragraphs',
      options: {},
      signal: new AbortController().signal,
      runStrategy: async ({ text, info, strategy }, hooks) => {
        hooks.onProgress({ stage: 'segment', windowsDone: 1, windowsTotal: 2, tokensIn: 0, tokensOut: 0, tokensPerSecond: 0, etaSeconds: null });
        const cuts = [...text.matchAll(/\n\n/g)].map((m) => m.index + 2);
        return { document: info, strategy, segmentation: segmentationFromCuts(text, cuts), warnings: [], meta: {} };
      },
      onProgress: (p) => progress.push(p.fraction),
    });
    expect(outcomes.map((o) => [o.name, o.ok, o.segments])).toEqual([['a.txt', true, 3], ['b.txt', true, 3], ['missing-00000000', false, undefined]]);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(progress.at(-1)).toBe(1);

    const run = (await ws.loadDocument(a.id)).runs[0]!;
    await ws.saveCorrection(a.id, { ...run.result.segmentation, notes: [{ topic: 'Apples' }, { topic: 'Pears' }, { topic: 'Plums' }] }, { strategy: 'paragraphs', savedAt: run.savedAt });

    const training = await exportBatch(ws, 'training', { now: new Date('2026-01-02T03:04:05Z') });
    expect(training.directory).toBe('exports/2026-01-02T03-04-05-000Z-training');
    expect(training.documents).toBe(1);
    expect(training.skipped).toEqual([{ name: 'b.txt', reason: 'not corrected yet' }]);
    const lines = training.content!.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).topics).toEqual(['Apples', 'Pears', 'Plums']);
    // Every line names its document and the strategy its correction started from.
    expect(JSON.parse(lines[0]!)).toMatchObject({ document: { id: a.id, name: 'a.txt' }, basedOn: 'paragraphs' });
    // Only reviewed ones, when the person asks: a is edited, not reviewed.
    const reviewedOnly = await exportBatch(ws, 'training', { include: 'reviewed' });
    expect(reviewedOnly.documents).toBe(0);
    expect(reviewedOnly.skipped).toContainEqual({ name: 'a.txt', reason: 'not every segment reviewed yet' });
    expect((await ws.listDocuments()).map((d) => [d.name, d.state])).toEqual([['a.txt', 'edited'], ['b.txt', 'untouched']]);
    expect(readFileSync(training.files[0]!, 'utf8')).toBe(training.content);
    expect(readTraining('t.json', lines[0]!).result.segmentation.notes).toHaveLength(3);

    const wiki = await exportBatch(ws, 'wiki727k');
    expect(wiki.files.map((f) => path.basename(f))).toEqual([`${a.id}.txt`]);
    const back = readWiki727k('w.txt', readFileSync(wiki.files[0]!, 'utf8'));
    expect(back.result.segmentation.notes.map((n) => n.topic)).toEqual(['Apples', 'Pears', 'Plums']);
    expect(readdirSync(path.join(dir, 'exports'))).toHaveLength(3);

    // Edits undone back to a machine result: the document is uncorrected again.
    expect(await ws.clearCorrection(a.id)).toBe(true);
    expect((await ws.loadDocument(a.id)).corrected).toBeNull();
    expect(await ws.clearCorrection(a.id)).toBe(false);
    await ws.close();
  });

  it('an edit after the correction was cleared saves as a new first revision, not as a conflict with the one removed', async () => {
    const ws = await WorkspaceService.open(dir, { readSource });
    const { id } = await ws.addDocument({ name: 'c.txt', text: 'One.\n\nTwo.\n\nThree.\n', sourceFormat: 'txt' });
    await ws.loadDocument(id);
    const text = (await ws.text(id)).text;
    expect((await ws.saveCorrectionNow(id, segmentationFromCuts(text, [6]), null)).revision).toBe(1);
    expect((await ws.saveCorrectionNow(id, segmentationFromCuts(text, [6, 12]), null)).revision).toBe(2);
    expect(await ws.clearCorrection(id)).toBe(true);
    expect((await ws.saveCorrectionNow(id, segmentationFromCuts(text, [12]), null)).revision).toBe(1);
    await ws.close();
  });
});
