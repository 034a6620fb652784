/**
 * Two pages of one host saving changes to the same correction within the autosave delay (issue
 * 36: both were answered `saved: true, revision 5` while corrected.json held one page's boundary
 * only: an acknowledged edit lost). Through `serve`'s own service and web host
 * (serveWorkbench) and two socket clients, as two browser tabs: each change is in the revision it
 * is answered with, or refused as stale-base. A page refused so reads the correction saved now
 * (workspaceReadCorrection) and saves its own change onto it, so the other page's acknowledged
 * change stays; only where the two cannot both stand does it send its whole correction, written
 * after the other's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Segmentation } from '../../shared/document/types';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { setTopic, splitAt } from '../../shared/edit/operations';
import { applyDelta, diffSegmentations, type SegmentationDelta } from '../../shared/edit/segmentation-delta';
import { segmentationDigest } from '../../shared/edit/segmentation-digest';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { correctedFileSchema } from '../../shared/workspace/schema';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { CorrectionSync } from '../../renderer/services/correction-sync';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { serveWorkbench, type ServedWorkbench } from '../../electron/web-host/serve-workbench';
import { scratchDir } from '../support/scratch-dir';

const TEXT = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} says one thing. Then another thing.\n\n`).join('');
const at = (s: string) => TEXT.indexOf(s);

let dir: string;
let id: string;
let served: ServedWorkbench;
const pages: SocketWorkbench[] = [];

beforeEach(async () => {
  dir = path.join(scratchDir('two-pages-'), 'ws');
  const setup = await WorkspaceService.open(dir, { readSource: async () => ({ text: TEXT, sourceFormat: 'txt' }) });
  id = (await setup.addDocument({ name: 'notes.txt', text: TEXT, sourceFormat: 'txt' })).id;
  // Four revisions already, as in the probe.
  for (const cuts of [[at('Paragraph 3')], [at('Paragraph 3'), at('Paragraph 6')], [at('Paragraph 6')], [at('Paragraph 3'), at('Paragraph 6')]]) {
    await setup.saveCorrectionNow(id, segmentationFromCuts(TEXT, cuts), null);
  }
  await setup.close();
  served = await serveWorkbench({ port: 0, rootDir: path.resolve('.'), workspaceDir: dir });
});

afterEach(async () => {
  for (const page of pages.splice(0)) page.close();
  await served.stop();
});

function page(): SocketWorkbench {
  const url = `ws://127.0.0.1:${served.host.port}${WORKBENCH_SOCKET_PATH}?token=${served.host.token}`;
  const client = createSocketWorkbench(url, { createSocket: (u) => new WebSocket(u) as unknown as SocketLike });
  pages.push(client);
  return client;
}

function onDisk(): { revision: number; segmentation: Segmentation } {
  const file = correctedFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'documents', id, 'corrected.json'), 'utf8')));
  return { revision: file.revision, segmentation: file.segmentation };
}

/** Opens the document in a page: the correction it is given, and the base its changes name. */
async function open(client: SocketWorkbench): Promise<{ segmentation: Segmentation; base: { baseRevision: number; baseDigest: string } }> {
  const { state } = await client.workspaceOpenDocument({ workspaceDocumentId: id });
  const corrected = state.corrected!;
  return { segmentation: corrected.segmentation, base: { baseRevision: corrected.revision, baseDigest: segmentationDigest(corrected.segmentation) } };
}

const saveChange = (client: SocketWorkbench, base: { baseRevision: number; baseDigest: string }, from: Segmentation, to: Segmentation) =>
  client.workspaceSaveCorrection({ workspaceDocumentId: id, change: { ...base, ...diffSegmentations(from, to) }, basedOnStrategy: null });

/** The correction sync of a page, as the renderer builds it (renderer/services/corrections.ts), over its socket client. */
const syncOf = (client: SocketWorkbench) =>
  new CorrectionSync({
    save: (params) => client.workspaceSaveCorrection(params),
    clear: (workspaceDocumentId) => client.workspaceClearCorrection({ workspaceDocumentId }),
    read: (workspaceDocumentId) => client.workspaceReadCorrection({ workspaceDocumentId }),
  });

/** Every boundary and note of `shown` is in `segmentation`. */
function holds(segmentation: Segmentation, shown: Segmentation, from: Segmentation): void {
  const change = diffSegmentations(from, shown);
  for (const b of change.added) expect(segmentation.boundaries).toContain(b);
  for (const b of change.removed) expect(segmentation.boundaries).not.toContain(b);
}

describe('two pages saving changes against the same revision within the save delay', () => {
  it('both changes are in the revision both are answered with', { timeout: 60_000 }, async () => {
    const [a, b] = [page(), page()];
    const [openA, openB] = await Promise.all([open(a), open(b)]);
    expect(openA.base.baseRevision).toBe(4);
    const mineA = splitAt(TEXT, openA.segmentation, at('Paragraph 1'));
    const mineB = splitAt(TEXT, openB.segmentation, at('Paragraph 9'));
    const [savedA, savedB] = await Promise.all([saveChange(a, openA.base, openA.segmentation, mineA), saveChange(b, openB.base, openB.segmentation, mineB)]);
    expect(savedA).toMatchObject({ saved: true, revision: 5 });
    expect(savedB).toMatchObject({ saved: true, revision: 5 });
    const written = onDisk();
    expect(written.revision).toBe(5);
    holds(written.segmentation, mineA, openA.segmentation);
    holds(written.segmentation, mineB, openB.segmentation);
    expect(written.segmentation.boundaries).toEqual([at('Paragraph 1'), at('Paragraph 3'), at('Paragraph 6'), at('Paragraph 9')]);
  });

  it("after two pages' changes are joined, each page's next save keeps the other's change (the answer carries it)", { timeout: 60_000 }, async () => {
    const [a, b] = [page(), page()];
    // Each page as the renderer saves: through its correction sync, from the correction it opened.
    const [syncA, syncB] = [a, b].map(syncOf);
    const [openA, openB] = await Promise.all([open(a), open(b)]);
    syncA!.opened(id, { revision: openA.base.baseRevision, segmentation: openA.segmentation });
    syncB!.opened(id, { revision: openB.base.baseRevision, segmentation: openB.segmentation });
    const joinedA: SegmentationDelta[] = [];
    const joinedB: SegmentationDelta[] = [];
    syncA!.onJoined((documentId, change) => documentId === id && joinedA.push(change));
    syncB!.onJoined((documentId, change) => documentId === id && joinedB.push(change));
    const mineA = splitAt(TEXT, openA.segmentation, at('Paragraph 1'));
    const mineB = splitAt(TEXT, openB.segmentation, at('Paragraph 9'));
    await Promise.all([syncA!.save(id, { segmentation: mineA, basedOnStrategy: null, text: TEXT }), syncB!.save(id, { segmentation: mineB, basedOnStrategy: null, text: TEXT })]);
    const joined = [at('Paragraph 1'), at('Paragraph 3'), at('Paragraph 6'), at('Paragraph 9')];
    expect(onDisk()).toEqual({ revision: 5, segmentation: expect.objectContaining({ boundaries: joined }) });
    // Page A is told of B's boundary (and shows it); its base is the revision as written.
    expect(joinedA).toEqual([expect.objectContaining({ added: [at('Paragraph 9')], removed: [] })]);
    expect(syncA!.baseOf(id)).toEqual({ revision: 5, digest: segmentationDigest(onDisk().segmentation) });
    // Page A's next edit, made on what it shows now: B's boundary stays.
    const shownA = applyDelta(TEXT, mineA, joinedA[0]!);
    await syncA!.save(id, { segmentation: splitAt(TEXT, shownA, at('Paragraph 11')), basedOnStrategy: null, text: TEXT });
    expect(onDisk().revision).toBe(6);
    expect(onDisk().segmentation.boundaries).toEqual([...joined, at('Paragraph 11')]);
    // Page B was told of A's boundary the same way, and builds on the same revision.
    expect(joinedB).toEqual([expect.objectContaining({ added: [at('Paragraph 1')], removed: [] })]);
  });

  it('changes that cannot both stand: one saved and in the file, the other refused as stale-base; its whole correction comes after', { timeout: 60_000 }, async () => {
    const [a, b] = [page(), page()];
    const [openA, openB] = await Promise.all([open(a), open(b)]);
    // Both name the same new segment, with different topics.
    const mineA = setTopic(TEXT, splitAt(TEXT, openA.segmentation, at('Paragraph 1')), 1, 'from page A');
    const mineB = setTopic(TEXT, splitAt(TEXT, openB.segmentation, at('Paragraph 1')), 1, 'from page B');
    const [outA, outB] = await Promise.allSettled([saveChange(a, openA.base, openA.segmentation, mineA), saveChange(b, openB.base, openB.segmentation, mineB)]);
    expect(outA).toMatchObject({ status: 'fulfilled', value: { saved: true, revision: 5, digest: segmentationDigest(mineA) } });
    expect(outB).toMatchObject({ status: 'rejected', reason: { code: 'stale-base' } });
    expect(onDisk()).toEqual({ revision: 5, segmentation: mineA });
    // Page B, told its base is stale, sends its whole correction: a later revision, honestly its own.
    expect(await b.workspaceSaveCorrection({ workspaceDocumentId: id, segmentation: mineB, basedOnStrategy: null })).toMatchObject({ saved: true, revision: 6 });
    expect(onDisk()).toEqual({ revision: 6, segmentation: mineB });
  });
});

describe('a page whose change is refused as stale-base after another page saved (issue 36)', () => {
  /** Page A's and B's syncs on the document opened at revision 4, and what each was shown of the other's changes. */
  async function twoPages() {
    const [a, b] = [page(), page()];
    const [openA, openB] = await Promise.all([open(a), open(b)]);
    const [syncA, syncB] = [syncOf(a), syncOf(b)];
    syncA.opened(id, { revision: openA.base.baseRevision, segmentation: openA.segmentation });
    syncB.opened(id, { revision: openB.base.baseRevision, segmentation: openB.segmentation });
    const shownB: Segmentation[] = [];
    syncB.onJoined((documentId, _change, _sent, written) => documentId === id && shownB.push(written));
    return { a, b, openA, openB, syncA, syncB, shownB };
  }

  it('workspaceReadCorrection answers the correction changes build on, and changes nothing', { timeout: 60_000 }, async () => {
    const client = page();
    const before = onDisk();
    const read = await client.workspaceReadCorrection({ workspaceDocumentId: id });
    expect(read).toEqual({ revision: 4, digest: segmentationDigest(before.segmentation), segmentation: before.segmentation });
    expect(onDisk()).toEqual(before);
    // A change named on what it answered is taken.
    const mine = splitAt(TEXT, read!.segmentation, at('Paragraph 1'));
    expect(await saveChange(client, { baseRevision: read!.revision, baseDigest: read!.digest }, read!.segmentation, mine)).toMatchObject({ saved: true, revision: 5 });
    await expect(client.workspaceReadCorrection({ workspaceDocumentId: 'no-such-document' })).rejects.toThrow();
    await client.workspaceClearCorrection({ workspaceDocumentId: id });
    expect(await client.workspaceReadCorrection({ workspaceDocumentId: id })).toBeNull();
  });

  it("B's change goes onto A's acknowledged one: the file and B's page hold both boundaries", { timeout: 60_000 }, async () => {
    const { openA, openB, syncA, syncB, shownB } = await twoPages();
    const mineA = splitAt(TEXT, openA.segmentation, at('Paragraph 1'));
    await syncA.save(id, { segmentation: mineA, basedOnStrategy: null, text: TEXT });
    expect(onDisk()).toEqual({ revision: 5, segmentation: mineA });
    // B still builds on revision 4: its change is refused as stale-base, then rebased onto revision 5.
    const mineB = splitAt(TEXT, openB.segmentation, at('Paragraph 9'));
    await syncB.save(id, { segmentation: mineB, basedOnStrategy: null, text: TEXT });
    const both = [at('Paragraph 1'), at('Paragraph 3'), at('Paragraph 6'), at('Paragraph 9')];
    expect(onDisk()).toEqual({ revision: 6, segmentation: expect.objectContaining({ boundaries: both }) });
    // B's page shows A's boundary too, and builds on revision 6.
    expect(shownB).toEqual([onDisk().segmentation]);
    expect(syncB.baseOf(id)).toEqual({ revision: 6, digest: segmentationDigest(onDisk().segmentation) });
    // B's next edit keeps A's boundary.
    await syncB.save(id, { segmentation: splitAt(TEXT, shownB[0]!, at('Paragraph 11')), basedOnStrategy: null, text: TEXT });
    expect(onDisk()).toEqual({ revision: 7, segmentation: expect.objectContaining({ boundaries: [...both, at('Paragraph 11')] }) });
  });

  it("where both retitle the same new segment, B's whole correction is written after A's: the later one wins", { timeout: 60_000 }, async () => {
    const { openA, openB, syncA, syncB, shownB } = await twoPages();
    const mineA = setTopic(TEXT, splitAt(TEXT, openA.segmentation, at('Paragraph 1')), 1, 'from page A');
    await syncA.save(id, { segmentation: mineA, basedOnStrategy: null, text: TEXT });
    expect(onDisk()).toEqual({ revision: 5, segmentation: mineA });
    const mineB = setTopic(TEXT, splitAt(TEXT, openB.segmentation, at('Paragraph 1')), 1, 'from page B');
    await syncB.save(id, { segmentation: mineB, basedOnStrategy: null, text: TEXT });
    expect(onDisk()).toEqual({ revision: 6, segmentation: mineB });
    expect(shownB).toEqual([]);
    expect(syncB.baseOf(id)).toEqual({ revision: 6, digest: segmentationDigest(mineB) });
  });
});
