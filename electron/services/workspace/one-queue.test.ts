/**
 * One order per workspace document (queue/document-queue.ts), shown on the interleavings that
 * used to be ordered by three separate mechanisms (the service's call order, the debouncer, the
 * store's write queue) or by none: a batch saving its run while a page saves and clears its
 * correction, a clear that must flush a write already waiting for its turn, two pages applying
 * the same re-anchor, and a page opening the document while another page's save lands.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { segmentationFromCuts } from '../../../shared/document/segmentation';
import type { Segmentation } from '../../../shared/document/types';
import { readDocument } from '../../readers';
import { runStrategy } from '../strategies/run-strategy';
import { runBatch } from './batch-run';
import { reanchorDocument } from './reanchor-document';
import { WorkspaceService } from './workspace-service';

const TEXT = 'The first part talks about apples. Apples are red.\n\nThe second part is about pears. Pears are green.\n\nA third part covers plums, which are purple.\n';
const cuts = (...at: string[]): Segmentation => segmentationFromCuts(TEXT, at.map((s) => TEXT.indexOf(s)));
const readSource = async (file: string) => {
  const read = await readDocument(file);
  return { text: read.text, sourceFormat: read.sourceFormat };
};

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Settles with the promise, or fails the test when it has not settled in time (a deadlock). */
function settlesSoon<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} never settled: the queue deadlocked`)), 10_000))]);
}

let root: string;
let dir: string;
let services: WorkspaceService[];
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'one-queue-'));
  dir = path.join(root, 'ws');
  services = [];
});
afterEach(async () => {
  await Promise.all(services.map((s) => s.close()));
  rmSync(root, { recursive: true, force: true });
});

async function open(delayMs = 0): Promise<WorkspaceService> {
  const ws = await WorkspaceService.open(dir, { readSource, autosave: { delayMs, maxWaitMs: delayMs }, referenceRoots: [root] });
  services.push(ws);
  return ws;
}

const correctedOnDisk = (id: string) => JSON.parse(readFileSync(path.join(dir, 'documents', id, 'corrected.json'), 'utf8')) as { revision: number; segmentation: Segmentation };

describe('one queue per workspace document', () => {
  it('a save and a clear queued while a batch segments the same document: no deadlock, each lands in call order, the run is kept', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    const segmenting = gate();
    let started!: () => void;
    const batchStarted = new Promise<void>((resolve) => (started = resolve));
    const batch = runBatch(ws, {
      ids: [id],
      strategy: 'structural',
      options: {},
      signal: new AbortController().signal,
      // The real strategy, once the test has queued the page's work: the batch holds no turn while it segments.
      runStrategy: async (request, hooks) => {
        started();
        await segmenting.opened;
        return runStrategy(request, hooks);
      },
      onProgress: () => {},
    });
    await batchStarted;
    const saved = ws.saveCorrection(id, cuts('The second'), null);
    const cleared = ws.clearCorrection(id);
    const savedAgain = ws.saveCorrection(id, cuts('A third'), null);
    // The page's work does not wait for the batch's strategy.
    expect(await settlesSoon(saved, 'the save')).toMatchObject({ saved: true, revision: 1 });
    expect(await settlesSoon(cleared, 'the clear')).toBe(true);
    expect(await settlesSoon(savedAgain, 'the second save')).toMatchObject({ saved: true, revision: 1 });
    segmenting.open();
    expect(await settlesSoon(batch, 'the batch')).toEqual([{ workspaceDocumentId: id, name: 'fruit.txt', ok: true, segments: expect.any(Number) }]);
    expect(correctedOnDisk(id).segmentation).toEqual(cuts('A third'));
    expect((await ws.store.readRuns(id)).map((r) => r.result.strategy)).toEqual(['structural']);
  });

  it('a clear whose turn comes while a debounced write waits behind it writes that save itself, then clears: no deadlock', async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    // Page 2's save holds the document's turn while its basis is worked out.
    const basisAsked = gate();
    const basisAnswered = gate();
    const page1 = ws.saveCorrection(id, cuts('The second'), null);
    const page2 = ws.saveCorrection(id, cuts('A third'), async () => {
      basisAsked.open();
      await basisAnswered.opened;
      return null;
    });
    await basisAsked.opened;
    // Page 1's timer fires meanwhile: its write waits for the turn page 2 holds.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cleared = ws.clearCorrection(id);
    basisAnswered.open();
    // Page 2's correction does not show page 1's: page 1's is written first (inside page 2's turn), then page 2's.
    expect(await settlesSoon(page1, 'page 1')).toMatchObject({ saved: true, revision: 1 });
    expect(await settlesSoon(page2, 'page 2')).toMatchObject({ saved: true, revision: 2 });
    expect(await settlesSoon(cleared, 'the clear')).toBe(true);
    expect(await ws.store.readCorrected(id)).toBeNull();
  });

  it('two pages applying the same re-anchor: one moves the boundaries, the other finds them moved (no conflict with itself)', async () => {
    const source = path.join(root, 'fruit.txt');
    writeFileSync(source, TEXT);
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt', referencePath: source });
    await ws.saveCorrectionNow(id, cuts('The second', 'A third'), null);
    writeFileSync(source, `Preface.\n\n${TEXT}`);
    const reports = await settlesSoon(Promise.all([reanchorDocument(ws, id, true), reanchorDocument(ws, id, true)]), 'the re-anchors');
    expect(reports.map((r) => r.applied)).toEqual([true, false]);
    expect(reports[1]?.source).toEqual({ state: 'unchanged' });
    expect(correctedOnDisk(id).revision).toBe(2);
  });

  it("a page opening the document while another page's saves land builds on the newest: its next save is no conflict", async () => {
    const ws = await open();
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    await ws.saveCorrectionNow(id, cuts('The second'), null);
    // Several rounds: a load and a save started together, in either order of arrival.
    for (let round = 0; round < 12; round++) {
      const other = round % 2 === 0 ? cuts('A third') : cuts('The second', 'A third');
      const [loaded, saved] = await settlesSoon(Promise.all([ws.loadDocument(id), ws.saveCorrection(id, other, null)]), 'the load and the save');
      expect(loaded.corrected?.revision).toBeLessThanOrEqual(saved.revision);
      // The opening page's own save, whole: written over what is on disk, never refused as another host's.
      await expect(ws.saveCorrectionNow(id, cuts('The second'), null)).resolves.toMatchObject({ revision: saved.revision + 1 });
    }
  });
});
