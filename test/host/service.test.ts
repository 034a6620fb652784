import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT_NAMES, writeResult } from '../../shared/formats';
import { toSegments } from '../../shared/document/segmentation';
import type { SegmentationResult } from '../../shared/document/types';
import { runStrategy } from '../../electron/services/strategies/run-strategy';
import { writeChunkedResult } from '../../electron/services/export/write-chunked';
import { chunkOptionsSchema } from '../../shared/chunks';
import { createWorkbenchService, type CallContext } from '../../electron/services/workbench';
import { recordEvents, runStateOf } from './service-helpers';

const fixture = path.resolve('test/fixtures/docs/markdown-code.md');
const local: CallContext = { transport: 'local' };
const service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
const recorder = recordEvents(service);
afterAll(() => service.dispose());

/** Another name gives another document: the same name and content is the one already open. */
async function openFixture(name = 'markdown-code.md') {
  const bytes = await readFile(fixture);
  return service.request('openDocument', { name, dataBase64: bytes.toString('base64') });
}

async function runToEnd(documentId: string, strategy: string, options = {}) {
  const { runId } = await service.request('startRun', { documentId, strategy, options });
  return { runId, end: await recorder.runEnd(runId) };
}

describe('documents', () => {
  it('opens bytes and paths through the shared readers, keeping the text by id', async () => {
    const fromBytes = await openFixture();
    const fromPath = await service.request('openPath', { path: fixture });
    expect(fromBytes.text).toBe(await readFile(fixture, 'utf8'));
    expect(fromPath.info).toEqual(fromBytes.info);
    expect(fromPath.sourceFormat).toBe('md');
    // The same name and content is one open document, however it was opened.
    expect(fromPath.id).toBe(fromBytes.id);
    const listed = await service.request('listDocuments', {});
    expect(listed).toEqual(expect.arrayContaining([{ id: fromBytes.id, info: fromBytes.info, sourceFormat: 'md' }]));
    expect(listed[0]).not.toHaveProperty('text');
    expect((await service.request('getDocument', { documentId: fromBytes.id })).text).toBe(fromBytes.text);
    expect(recorder.events).toContainEqual({ type: 'document-opened', document: { id: fromPath.id, info: fromPath.info, sourceFormat: 'md' } });
  });

  it('opens the bundled sample', async () => {
    const sample = await service.request('openSample', {});
    expect(sample.info.name).toBe('segment-workbench-tour.md');
    expect(sample.text.length).toBeGreaterThan(1000);
  });

  it('refuses bad input with one clear line', async () => {
    await expect(service.call('openDocument', { name: 'a.txt', dataBase64: '***' }, local)).rejects.toMatchObject({
      code: 'invalid-params',
      message: 'the content of a.txt is not valid base64',
    });
    await expect(service.call('openDocument', { name: 'tool.exe', dataBase64: 'AAAA' }, local)).rejects.toMatchObject({
      code: 'bad-input',
      message: expect.stringMatching(/unsupported file type '\.exe'/),
    });
    await expect(service.request('openPath', { path: '/no/such/file.md' })).rejects.toMatchObject({ code: 'bad-input' });
    // From a client, with no folder allowed, a path is refused before anything is read.
    await expect(service.call('openPath', { path: fixture }, local)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('closes a document and forgets its runs', async () => {
    const doc = await openFixture();
    await runToEnd(doc.id, 'sentence-rules');
    expect(await service.request('closeDocument', { documentId: doc.id })).toEqual({ closed: true });
    expect(await service.request('listRuns', { documentId: doc.id })).toEqual([]);
    await expect(service.call('getDocument', { documentId: doc.id }, local)).rejects.toMatchObject({ code: 'not-found' });
    expect(await service.request('closeDocument', { documentId: doc.id })).toEqual({ closed: false });
  });
});

describe('runs', () => {
  it('lists the rule strategies as available and the model ones with readiness', async () => {
    const strategies = await service.request('listStrategies', {});
    for (const name of ['structural', 'sentence-rules', 'texttiling']) {
      expect(strategies.find((s) => s.name === name)).toMatchObject({ kind: 'rules', available: true });
    }
    for (const name of ['simple', 'topic', 'summary']) {
      const info = strategies.find((s) => s.name === name);
      expect(info?.kind).toBe('model');
      if (!info?.available) expect(info?.reason).toBeTruthy();
    }
  });

  it('runs structural in the background and finishes with the CLI segmentation', async () => {
    const doc = await openFixture();
    const { runId, end } = await runToEnd(doc.id, 'structural');
    expect(end.status).toBe('finished');
    const result = end.result as SegmentationResult;

    const started = recorder.events.findIndex((e) => runStateOf(e, runId)?.status === 'running');
    const finished = recorder.events.findIndex((e) => runStateOf(e, runId)?.status === 'finished');
    expect(started).toBeGreaterThanOrEqual(0);
    expect(finished).toBeGreaterThan(started);

    const direct = await runStrategy({ text: doc.text, info: doc.info, strategy: 'structural', options: {} });
    expect(result.segmentation).toEqual(direct.segmentation);
    expect(result.document).toEqual(doc.info);

    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli/main.mjs', 'segment', fixture], {
      cwd: path.resolve('.'),
    });
    const cli = JSON.parse(stdout) as { document: unknown; segments: { start: number; end: number }[] };
    expect(cli.document).toEqual(doc.info);
    const segments = toSegments(doc.text, result.segmentation).map(({ start, end }) => ({ start, end }));
    expect(segments).toEqual(cli.segments.map(({ start, end }) => ({ start, end })));

    const [record] = await service.request('listRuns', { documentId: doc.id });
    expect(record).toMatchObject({ id: runId, status: 'finished', strategy: 'structural', error: null });
    expect(record?.result?.segmentation).toEqual(result.segmentation);
  });

  it('keeps several runs apart, and a failed run leaves earlier results intact', async () => {
    // A document of its own, so the runs listed are only this test's.
    const doc = await openFixture('markdown-code-runs.md');
    const first = await runToEnd(doc.id, 'structural', { maxChars: 400 });
    // A model profile named explicitly skips the availability check and fails inside the run.
    const failing = await runToEnd(doc.id, 'simple', { profile: 'no-such-profile' });
    expect(failing.end).toMatchObject({ status: 'failed', documentId: doc.id, result: null });
    expect(failing.end.error).not.toContain('\n');

    const runs = await service.request('listRuns', { documentId: doc.id });
    expect(runs.map((r) => [r.id, r.status])).toEqual([
      [first.runId, 'finished'],
      [failing.runId, 'failed'],
    ]);
    expect(runs[0]?.result?.segmentation).toEqual((first.end as { result: SegmentationResult }).result.segmentation);
  });

  it('refuses unknown strategies and unavailable models before starting', async () => {
    const doc = await openFixture();
    await expect(service.call('startRun', { documentId: doc.id, strategy: 'no-such', options: {} }, local)).rejects.toMatchObject({
      code: 'bad-input',
    });
    await expect(service.call('startRun', { documentId: 'missing', strategy: 'structural', options: {} }, local)).rejects.toMatchObject({
      code: 'not-found',
    });
    const unavailable = (await service.request('listStrategies', {})).find((s) => !s.available);
    if (unavailable) {
      await expect(service.call('startRun', { documentId: doc.id, strategy: unavailable.name, options: {} }, local)).rejects.toMatchObject({
        code: 'unavailable',
      });
    }
  });
});

describe('export', () => {
  it('writes every format exactly as the shared writers do', async () => {
    const doc = await openFixture();
    const { end } = await runToEnd(doc.id, 'structural');
    const result = (end as { result: SegmentationResult }).result;
    for (const format of FORMAT_NAMES) {
      const file = await service.request('exportResult', { result, documentId: doc.id, format });
      expect(file.content, format).toBe(writeResult(format, result, doc.text));
      expect(file.fileName).toMatch(/^markdown-code\.structural\./);
    }
    const json = await service.request('exportResult', { result, documentId: doc.id, format: 'json' });
    expect(json).toMatchObject({ fileName: 'markdown-code.structural.json', mimeType: 'application/json' });
  });

  it('adds the retrieval extras the export asks for, the same bytes as the CLI path', async () => {
    const doc = await openFixture();
    const { end } = await runToEnd(doc.id, 'structural', { maxChars: 400 });
    const result = (end as { result: SegmentationResult }).result;
    const chunks = chunkOptionsSchema.parse({ headings: 'field', repairBlocks: true, tokenizer: 'cl100k_base', overlap: { size: 40 } });
    const file = await service.request('exportResult', { result, documentId: doc.id, format: 'jsonl', chunks });
    expect(file.content).toBe(await writeChunkedResult('jsonl', result, doc.text, chunks));
    const lines = file.content.trim().split('\n').map((line) => JSON.parse(line) as { headings?: string[]; tokens?: number });
    expect(lines.every((line) => Array.isArray(line.headings) && typeof line.tokens === 'number' && line.tokens > 0)).toBe(true);
  });

  it('accepts a hand-edited segmentation that still covers the text', async () => {
    const doc = await openFixture();
    const { end } = await runToEnd(doc.id, 'structural');
    const result = (end as { result: SegmentationResult }).result;
    const merged: SegmentationResult = {
      ...result,
      segmentation: { boundaries: result.segmentation.boundaries.slice(1), notes: result.segmentation.notes.slice(1) },
    };
    const file = await service.request('exportResult', { result: merged, documentId: doc.id, format: 'jsonl' });
    expect(file.content).toBe(writeResult('jsonl', merged, doc.text));
  });

  it('refuses a segmentation that does not cover the stored text', async () => {
    const doc = await openFixture();
    const { end } = await runToEnd(doc.id, 'structural');
    const result = (end as { result: SegmentationResult }).result;
    const beyond = { ...result, segmentation: { boundaries: [doc.text.length + 10], notes: [{}, {}] } };
    const unsorted = { ...result, segmentation: { boundaries: [50, 20], notes: [{}, {}, {}] } };
    const fewNotes = { ...result, segmentation: { boundaries: [20], notes: [{}] } };
    const otherText = { ...result, document: { ...result.document, sha256: '0'.repeat(64) } };
    for (const bad of [beyond, unsorted, fewNotes, otherText]) {
      await expect(service.call('exportResult', { result: bad, documentId: doc.id, format: 'json' }, local)).rejects.toMatchObject({
        code: 'coverage',
      });
    }
  });
});
