/**
 * The workspace list is what is on disk: every run file's strategy (a learned run once it is
 * saved, runs with other settings under their strategy) and, for every document with a result,
 * the segment count of what opening it shows: its correction, else its latest run.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeDocument } from '../../../shared/document/document-info';
import { segmentationFromCuts } from '../../../shared/document/segmentation';
import type { SegmentationResult } from '../../../shared/document/types';
import { WorkspaceService } from './workspace-service';

const TEXT = 'Apples are red. They grow on trees.\n\nPears are green. They ripen late.\n\nPlums are purple.\n';
const cuts = (...at: string[]) => at.map((s) => TEXT.indexOf(s));

function result(strategy: string, at: number[], options?: Record<string, unknown>): SegmentationResult {
  return { document: describeDocument('fruit.txt', TEXT), strategy, segmentation: segmentationFromCuts(TEXT, at), warnings: [], meta: options ? { options } : {} };
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'workspace-listing-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const open = () => WorkspaceService.open(path.join(root, 'ws'), { readSource: async () => ({ text: TEXT, sourceFormat: 'txt' }), autosave: { delayMs: 5, maxWaitMs: 20 } });

describe('the workspace list', () => {
  it('lists every strategy on disk and the segment count of what the document opens with', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    const { id: bare } = await ws.addDocument({ name: 'other.txt', text: 'Another text.\n', sourceFormat: 'txt' });
    const listed = async (docId: string) => (await ws.listDocuments()).find((d) => d.id === docId)!;
    expect(await listed(id)).toMatchObject({ strategies: [], corrected: null, shows: null });

    await ws.saveRun(id, result('structural', cuts('Pears', 'Plums')));
    // Later by the clock: the learned run is the latest.
    await sleep(5);
    await ws.saveRun(id, result('learned', cuts('Pears')));
    // Other settings: a file of its own (c99--<key>.json), listed under its strategy.
    await sleep(5);
    await ws.saveRun(id, result('c99', cuts('They grow', 'Pears', 'They ripen', 'Plums'), { coefficient: 1.2 }));
    expect(readdirSync(path.join(root, 'ws', 'documents', id, 'runs')).sort()).toEqual([expect.stringMatching(/^c99--[0-9a-f]{8}\.json$/), 'learned.json', 'structural.json']);
    expect(await listed(id)).toMatchObject({ strategies: ['c99', 'learned', 'structural'], corrected: null, shows: { strategy: 'c99', segments: 5 }, state: 'untouched' });

    await sleep(5);
    await ws.saveRun(id, result('learned', cuts('Pears', 'Plums')));
    expect((await listed(id)).shows).toEqual({ strategy: 'learned', segments: 3 });

    // A correction is what the document opens with, whatever runs came later.
    const saved = await ws.saveCorrection(id, segmentationFromCuts(TEXT, cuts('Plums')), null);
    expect(saved.revision).toBeGreaterThan(0);
    await sleep(5);
    await ws.saveRun(id, result('structural', cuts('Pears', 'Plums')));
    expect(await listed(id)).toMatchObject({ corrected: { segments: 2, reviewed: 0 }, shows: { strategy: 'corrected', segments: 2 }, state: 'edited' });

    // A document with neither has no count; loading a document summarises it the same way.
    expect((await listed(bare)).shows).toBeNull();
    expect((await ws.loadDocument(id)).summary).toEqual(await listed(id));
    await ws.close();
  });
});
