/**
 * Corrections saved as changes (workspaceSaveCorrection with `change`) through the workbench
 * service, as both transports call it, and read back from corrected.json.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Segmentation } from '../../../shared/document/types';
import { segmentationFromCuts } from '../../../shared/document/segmentation';
import { mergeWithNext, setTopic, splitAt } from '../../../shared/edit/operations';
import { diffSegmentations, type SegmentationDelta } from '../../../shared/edit/segmentation-delta';
import { segmentationDigest } from '../../../shared/edit/segmentation-digest';
import { correctedFileSchema } from '../../../shared/workspace/schema';
import type { SavedCorrection } from '../../../shared/workspace/types';
import { createWorkbenchService, type WorkbenchService } from '../workbench';
import { WorkspaceService } from './workspace-service';

const TEXT = 'First sentence here. Second one follows.\r\nA new line starts. Another sentence. The last one of all.\n';
const at = (s: string) => TEXT.indexOf(s);

let root: string;
let dir: string;
let id: string;
let service: WorkbenchService;

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'correction-changes-'));
  dir = path.join(root, 'ws');
  const setup = await WorkspaceService.open(dir, { readSource: async () => ({ text: TEXT, sourceFormat: 'txt' }) });
  id = (await setup.addDocument({ name: 'notes.txt', text: TEXT, sourceFormat: 'txt' })).id;
  await setup.close();
  service = createWorkbenchService({ workspaceDir: dir });
});
afterEach(async () => {
  await service.dispose();
  rmSync(root, { recursive: true, force: true });
});

function onDisk(): { revision: number; segmentation: Segmentation } {
  const file = correctedFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'documents', id, 'corrected.json'), 'utf8')));
  return { revision: file.revision, segmentation: file.segmentation };
}

const whole = (segmentation: Segmentation) =>
  service.call('workspaceSaveCorrection', { workspaceDocumentId: id, segmentation, basedOnStrategy: null }, { transport: 'local' }) as Promise<SavedCorrection>;

const change = (base: { revision: number; digest: string }, delta: SegmentationDelta) =>
  service.call(
    'workspaceSaveCorrection',
    { workspaceDocumentId: id, change: { baseRevision: base.revision, baseDigest: base.digest, ...delta }, basedOnStrategy: null },
    { transport: 'local' },
  ) as Promise<SavedCorrection>;

/** The base a page keeps from a save's answer. */
function baseOf(saved: SavedCorrection): { revision: number; digest: string } {
  expect(saved.digest).not.toBeNull();
  return { revision: saved.revision, digest: saved.digest! };
}

describe('saving a correction as its change', () => {
  it('applies each change to the correction saved before it, and the file holds the result', async () => {
    await service.request('workspaceOpenDocument', { workspaceDocumentId: id });
    const first = segmentationFromCuts(TEXT, [at('Second'), at('A new')]);
    const saved1 = await whole(first);
    expect(saved1).toEqual({ saved: true, revision: 1, digest: segmentationDigest(first) });
    expect(onDisk()).toEqual({ revision: 1, segmentation: first });

    const split = splitAt(TEXT, first, at('Another'));
    const saved2 = await change(baseOf(saved1), diffSegmentations(first, split));
    expect(saved2).toEqual({ saved: true, revision: 2, digest: segmentationDigest(split) });
    expect(onDisk()).toEqual({ revision: 2, segmentation: split });

    // A note, then a merge: each a change from the one before.
    const titled = setTopic(TEXT, split, 2, 'Lines');
    const saved3 = await change(baseOf(saved2), diffSegmentations(split, titled));
    expect(onDisk()).toEqual({ revision: 3, segmentation: titled });
    const merged = mergeWithNext(TEXT, titled, 0);
    await change(baseOf(saved3), diffSegmentations(titled, merged));
    expect(onDisk()).toEqual({ revision: 4, segmentation: merged });

    // A page that opens the document builds on the correction it was given, with the digest it works out itself.
    const opened = await service.request('workspaceOpenDocument', { workspaceDocumentId: id });
    const given = opened.state.corrected!;
    const reviewed = { ...given.segmentation, notes: given.segmentation.notes.map((n) => ({ ...n, reviewed: true })) };
    await change({ revision: given.revision, digest: segmentationDigest(given.segmentation) }, diffSegmentations(given.segmentation, reviewed));
    expect(onDisk()).toEqual({ revision: 5, segmentation: reviewed });
  });

  it('a host that never opened the document reads the base from disk', async () => {
    const first = segmentationFromCuts(TEXT, [at('A new')]);
    const saved = await whole(first);
    await service.dispose();
    service = createWorkbenchService({ workspaceDir: dir });
    const split = splitAt(TEXT, first, at('Second'));
    expect(await change(baseOf(saved), diffSegmentations(first, split))).toMatchObject({ revision: 2 });
    expect(onDisk()).toEqual({ revision: 2, segmentation: split });
  });

  it('refuses a change that does not fit with a coded one-line error, and writes nothing', async () => {
    const first = segmentationFromCuts(TEXT, [at('Second'), at('A new')]);
    const base = baseOf(await whole(first));
    const refusals: [Partial<SegmentationDelta>, string, RegExp][] = [
      [{ removed: [at('Another')] }, 'bad-input', new RegExp(`boundary ${at('Another')} is removed, but the saved correction has none there`)],
      [{ added: [at('Second')], notes: [{ start: at('Second'), note: {} }] }, 'bad-input', /is added, but the saved correction has it already/],
      [{ added: [TEXT.length + 5], notes: [{ start: TEXT.length + 5, note: {} }] }, 'bad-input', /is not inside the text/],
      [{ added: [at('Another')] }, 'bad-input', /the new segment at \d+ has no note/],
      // Between CR and LF: the result would not cover the text.
      [{ added: [at('\nA new')], notes: [{ start: at('\nA new'), note: {} }] }, 'coverage', /is not a safe cut/],
    ];
    for (const [delta, code, message] of refusals) {
      await expect(change(base, { removed: [], added: [], notes: [], ...delta })).rejects.toMatchObject({ code, message: expect.stringMatching(message) });
    }
    // Not in the contract's shape at all: refused before it reaches the workspace.
    await expect(change(base, { removed: [0], added: [], notes: [] })).rejects.toMatchObject({ code: 'invalid-params' });
    await expect(change({ ...base, digest: 'not a digest' }, { removed: [], added: [], notes: [] })).rejects.toMatchObject({ code: 'invalid-params' });
    expect(onDisk()).toEqual({ revision: 1, segmentation: first });
  });

  it('refuses a change made on another state than the one the host holds (stale-base): the whole correction is saved instead', async () => {
    await service.request('workspaceOpenDocument', { workspaceDocumentId: id });
    const first = segmentationFromCuts(TEXT, [at('A new')]);
    const pageA = baseOf(await whole(first));
    // Another page of the same host saves meanwhile.
    const other = segmentationFromCuts(TEXT, [at('Second')]);
    const pageB = baseOf(await whole(other));
    const mine = splitAt(TEXT, first, at('Another'));
    await expect(change(pageA, diffSegmentations(first, mine))).rejects.toMatchObject({ code: 'stale-base', message: expect.stringMatching(/made on revision 1, which is not the correction this host now builds on/) });
    expect(onDisk()).toEqual({ revision: 2, segmentation: other });
    // A wrong digest at the right revision is stale too.
    await expect(change({ ...pageB, digest: segmentationDigest(first) }, diffSegmentations(other, mine))).rejects.toMatchObject({ code: 'stale-base' });
    // The page then sends the whole correction: the later save is the one kept, as for whole saves.
    expect(await whole(mine)).toMatchObject({ revision: 3 });
    expect(onDisk()).toEqual({ revision: 3, segmentation: mine });

    // Cleared and begun again, a correction starts at revision 1 once more: a change on the old revision 1 is stale.
    expect(await service.request('workspaceClearCorrection', { workspaceDocumentId: id })).toEqual({ cleared: true });
    const again = segmentationFromCuts(TEXT, [at('The last')]);
    expect(await whole(again)).toMatchObject({ revision: 1 });
    await expect(change(pageA, diffSegmentations(first, mine))).rejects.toMatchObject({ code: 'stale-base' });
    expect(onDisk()).toEqual({ revision: 1, segmentation: again });
  });

  it('two changes on one revision within the save delay: both in the one write, or the second refused as stale-base', async () => {
    const first = segmentationFromCuts(TEXT, [at('A new')]);
    const base = baseOf(await whole(first));
    const a = splitAt(TEXT, first, at('Second'));
    const b = splitAt(TEXT, first, at('Another'));
    // Issue 36: both were answered saved in revision 2 while the file held b alone.
    const [savedA, savedB] = await Promise.all([change(base, diffSegmentations(first, a)), change(base, diffSegmentations(first, b))]);
    const both = splitAt(TEXT, a, at('Another'));
    expect(onDisk()).toEqual({ revision: 2, segmentation: both });
    // Saved, each in revision 2, each answered with the other's change written with it and the
    // revision's digest: each page builds on what was written, never drops the other's boundary.
    expect(savedA).toEqual({ saved: true, revision: 2, digest: segmentationDigest(both), joined: diffSegmentations(a, both) });
    expect(savedB).toEqual({ saved: true, revision: 2, digest: segmentationDigest(both), joined: diffSegmentations(b, both) });
    expect(savedA.joined).toMatchObject({ added: [at('Another')], removed: [] });

    // Changes that cannot both stand: the second is refused, the first written alone.
    const twice = baseOf(await whole(both));
    const merged = mergeWithNext(TEXT, both, 1); // removes the boundary at 'A new'
    const titled = setTopic(TEXT, both, 2, 'A new topic'); // the note of the segment starting there
    const [kept, refused] = await Promise.allSettled([change(twice, diffSegmentations(both, merged)), change(twice, diffSegmentations(both, titled))]);
    expect(kept).toMatchObject({ status: 'fulfilled', value: { saved: true, revision: 4, digest: segmentationDigest(merged) } });
    expect(refused).toMatchObject({ status: 'rejected', reason: { code: 'stale-base', message: expect.stringMatching(/another page's change to it, waiting to be saved, conflicts with it/) } });
    expect(onDisk()).toEqual({ revision: 4, segmentation: merged });
  });

  it("a whole correction does not take the place of another page's change waiting to be saved: that one is written first", async () => {
    const first = segmentationFromCuts(TEXT, [at('A new')]);
    const base = baseOf(await whole(first));
    const a = splitAt(TEXT, first, at('Second'));
    const other = segmentationFromCuts(TEXT, [at('The last')]);
    const [savedA, savedOther] = await Promise.all([change(base, diffSegmentations(first, a)), whole(other)]);
    expect(savedA).toEqual({ saved: true, revision: 2, digest: segmentationDigest(a) });
    expect(savedOther).toEqual({ saved: true, revision: 3, digest: segmentationDigest(other) });
    expect(onDisk()).toEqual({ revision: 3, segmentation: other });
    // One editor's burst of whole corrections, each showing the one before: still one write.
    const more = splitAt(TEXT, other, at('Second'));
    const most = splitAt(TEXT, more, at('Another'));
    const [m1, m2] = await Promise.all([whole(more), whole(most)]);
    expect([m1.revision, m2.revision]).toEqual([4, 4]);
    expect(onDisk()).toEqual({ revision: 4, segmentation: most });
  });
});
