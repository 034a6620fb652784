import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Segmentation } from '../../../shared/document/types';
import { setTopic, splitAt } from '../../../shared/edit/operations';
import { applyDelta, diffSegmentations } from '../../../shared/edit/segmentation-delta';
import { segmentationDigest } from '../../../shared/edit/segmentation-digest';
import type { ParamsOf } from '../../../shared/ipc/contract';
import { WorkbenchCallError } from '../../../shared/ipc/wire';
import type { SavedCorrection } from '../../../shared/workspace/types';
import { correctionsWaitingToBeSent, noteCorrectionOpened, resetCorrectionSync } from '../../services/corrections';
import { scriptedWorkbench as scripted } from '../../test-support/scripted-workbench';
import { replaceWorkbench } from '../../services/workbench';
import { openText } from '../../test-support/open-text';
import { resultFromCuts } from '../../test-support/results';
import { useUiStore } from '../ui';
import { useSession } from './index';

const TEXT = 'One sentence here. Two sentences now. Three of them. Four is the last one.\n';

type SaveParams = ParamsOf<'workspaceSaveCorrection'>;

/**
 * A workspace that keeps one document's correction as the host does: a change applies only to
 * the revision and digest it names (else `stale-base`), and each save answers its revision and digest.
 */
function correctionHost(initial: { revision: number; segmentation: Segmentation } | null = null) {
  let held = initial;
  const host = {
    calls: [] as SaveParams[],
    refuseNext: null as Error | null,
    /** A boundary another page's change adds, written together with the next save (issue 36). */
    joinNext: null as number | null,
    held: () => held,
    save: vi.fn(async (params: SaveParams): Promise<SavedCorrection> => {
      host.calls.push(params);
      if (host.refuseNext) {
        const err = host.refuseNext;
        host.refuseNext = null;
        throw err;
      }
      let segmentation: Segmentation;
      if ('change' in params) {
        const { baseRevision, baseDigest, ...delta } = params.change;
        if (!held || held.revision !== baseRevision || segmentationDigest(held.segmentation) !== baseDigest) {
          throw new WorkbenchCallError({ code: 'stale-base', message: 'stale' });
        }
        segmentation = applyDelta(TEXT, held.segmentation, delta);
      } else {
        segmentation = params.segmentation;
      }
      const sent = segmentation;
      if (host.joinNext !== null) segmentation = splitAt(TEXT, segmentation, host.joinNext);
      host.joinNext = null;
      held = { revision: (held?.revision ?? 0) + 1, segmentation };
      const joined = sent === segmentation ? {} : { joined: diffSegmentations(sent, segmentation) };
      return { saved: true, revision: held.revision, digest: segmentationDigest(segmentation), ...joined };
    }),
    clear: vi.fn(async () => {
      held = null;
      return { cleared: true };
    }),
    /** workspaceReadCorrection: what a page refused with stale-base rebases its change onto. */
    read: vi.fn(async () => held && { ...held, digest: segmentationDigest(held.segmentation) }),
    /** Another page's save: the host's correction moves on without this page. */
    saveElsewhere(segmentation: Segmentation) {
      held = { revision: (held?.revision ?? 0) + 1, segmentation };
    },
  };
  replaceWorkbench(scripted({ workspaceSaveCorrection: host.save, workspaceClearCorrection: host.clear, workspaceReadCorrection: host.read }));
  return host;
}

const kind = (p: SaveParams) => ('change' in p ? 'change' : 'whole');
const settled = () => vi.waitFor(() => expect(useSession.getState().saveStatus).toBe('saved'));

describe('corrections slice: the actions save hand edits themselves, as changes', () => {
  beforeEach(() => {
    resetCorrectionSync();
    openText('d1', TEXT);
    useSession.getState().showResult(resultFromCuts(TEXT, [19], 'structural'));
    useUiStore.setState({ notices: [] });
  });
  afterEach(() => replaceWorkbench(null));

  it("shows another page's change the host wrote with this page's save, and the next change keeps it", async () => {
    const host = correctionHost();
    const [three, four, last] = [TEXT.indexOf('Three'), TEXT.indexOf('Four'), TEXT.indexOf('the last')];
    host.joinNext = four;
    const session = useSession.getState();
    session.linkWorkspaceDocument('w1');
    session.apply('split', (t, s) => splitAt(t, s, three));
    await settled();
    expect(useSession.getState().current?.segmentation.boundaries).toEqual([19, three, four]);
    expect(useSession.getState().history?.past.length).toBe(2);
    // Not saved again for it: the host holds it.
    expect(host.calls).toHaveLength(1);
    useSession.getState().apply('split', (t, s) => splitAt(t, s, last));
    await vi.waitFor(() => expect(host.calls).toHaveLength(2));
    await settled();
    expect(kind(host.calls[1]!)).toBe('change');
    expect(host.held()?.segmentation.boundaries).toEqual([19, three, four, last]);
  });

  it('sends the first edit at once, and what comes while it is on its way as one change from it; never a run result', async () => {
    const host = correctionHost();
    const session = useSession.getState();
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    expect(host.save).not.toHaveBeenCalled();

    session.linkWorkspaceDocument('w1');
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Four')));
    session.undo();
    session.redo();
    session.showResult(resultFromCuts(TEXT, [38], 'sentence-rules'));
    expect(host.save).toHaveBeenCalledTimes(1);
    expect(host.save).toHaveBeenLastCalledWith({ workspaceDocumentId: 'w1', segmentation: { boundaries: [19, 38, 53], notes: [{}, {}, {}, {}] }, basedOnStrategy: 'structural' });
    expect(useSession.getState().saveStatus).toBe('pending');
    // The undo and redo wait in the page meanwhile: leaving now would lose them.
    expect(correctionsWaitingToBeSent()).toBe(true);
    await settled();
    expect(correctionsWaitingToBeSent()).toBe(false);
    // The undo and redo went together, as the change from what the first save left: none.
    expect(host.calls.map(kind)).toEqual(['whole', 'change']);
    expect(host.calls[1]).toEqual({
      workspaceDocumentId: 'w1',
      change: { baseRevision: 1, baseDigest: segmentationDigest({ boundaries: [19, 38, 53], notes: [{}, {}, {}, {}] }), removed: [], added: [], notes: [] },
      basedOnStrategy: 'structural',
    });
    expect(host.held()?.segmentation.boundaries).toEqual([19, 38, 53]);

    // Undoing the run changes nothing saved; undoing the split is the change it makes: one boundary removed.
    session.undo();
    session.undo();
    await settled();
    expect(host.calls.map(kind)).toEqual(['whole', 'change', 'change', 'change']);
    expect(host.calls.at(-1)).toMatchObject({ change: { baseRevision: 3, removed: [53], added: [], notes: [] } });
    expect(host.held()?.segmentation.boundaries).toEqual([19, 38]);
    expect(host.clear).not.toHaveBeenCalled();
  });

  it('a hand edit is a correction that names its strategy; undone back to the machine result, the document has none', async () => {
    const host = correctionHost();
    const session = useSession.getState();
    session.linkWorkspaceDocument('w1');
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    expect(useSession.getState().current).toMatchObject({ strategy: 'corrected', meta: { startedFrom: 'structural' } });
    await settled();
    session.undo();
    expect(useSession.getState().current!.strategy).toBe('structural');
    await settled();
    expect(host.clear).toHaveBeenCalledWith({ workspaceDocumentId: 'w1' });
    expect(host.held()).toBeNull();
    // Cleared, the page holds no base: the next correction goes whole.
    session.redo();
    await settled();
    expect(host.calls.map(kind)).toEqual(['whole', 'whole']);
    // A run shown over the correction, then undone and redone: the run is never sent as a correction,
    // and the correction stays the document's.
    session.showResult(resultFromCuts(TEXT, [38], 'sentence-rules'));
    session.undo();
    session.redo();
    await settled();
    expect(host.calls.slice(2).map(kind)).toEqual(['change', 'change']);
    expect(host.held()?.segmentation.boundaries).toEqual([19, 38]);
    expect(host.clear).toHaveBeenCalledTimes(1);
  });

  it('undone back to a machine result shown over a saved correction, that correction is put back, as a change from the one opened', async () => {
    const saved = { ...resultFromCuts(TEXT, [53], 'corrected'), meta: { basedOn: { strategy: 'structural', savedAt: '2026-01-01T00:00:00.000Z' } } };
    const host = correctionHost({ revision: 4, segmentation: saved.segmentation });
    useSession.getState().loadSaved([], saved);
    useSession.getState().linkWorkspaceDocument('w1');
    noteCorrectionOpened('w1', { revision: 4, segmentation: JSON.parse(JSON.stringify(saved.segmentation)) as Segmentation });
    useSession.getState().showResult(resultFromCuts(TEXT, [38], 'sentence-rules'));
    useSession.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    // The first save already builds on the correction the page was given.
    expect(host.calls[0]).toMatchObject({ change: { baseRevision: 4 } });
    useSession.getState().undo();
    await settled();
    expect(host.calls.map(kind)).toEqual(['change', 'change']);
    expect(host.calls.at(-1)).toMatchObject({ basedOnStrategy: 'corrected' });
    expect(host.held()).toEqual({ revision: 6, segmentation: saved.segmentation });
    expect(host.clear).not.toHaveBeenCalled();
  });

  it("a change refused as made on a stale base goes again as a change onto the correction saved now; the other page's change stays and is shown", async () => {
    const host = correctionHost();
    const session = useSession.getState();
    session.linkWorkspaceDocument('w1');
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    await settled();
    // Another page merges the first two segments; its save is acknowledged (issue 36: a whole save here dropped it).
    host.saveElsewhere({ boundaries: [38], notes: [{}, {}] });
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Four')));
    await settled();
    expect(host.calls.map(kind)).toEqual(['whole', 'change', 'change']);
    expect(host.read).toHaveBeenCalledTimes(1);
    expect(host.calls[2]).toMatchObject({ change: { baseRevision: 2, removed: [], added: [53] } });
    expect(host.held()?.segmentation.boundaries).toEqual([38, 53]);
    // The page shows both: the other page's change as a step of its own.
    expect(useSession.getState().current?.segmentation.boundaries).toEqual([38, 53]);
    expect(useUiStore.getState().notices).toEqual([]);
    // And builds on that one from then on: undoing the other page's step is a change like any.
    session.undo();
    await settled();
    expect(host.calls.map(kind)).toEqual(['whole', 'change', 'change', 'change']);
    expect(host.held()?.segmentation.boundaries).toEqual([19, 38, 53]);
  });

  it('where both pages changed the same place, the refused change goes again as the whole correction', async () => {
    const host = correctionHost();
    const session = useSession.getState();
    session.linkWorkspaceDocument('w1');
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    await settled();
    host.saveElsewhere(setTopic(TEXT, host.held()!.segmentation, 1, 'theirs'));
    session.apply('topic', (t, s) => setTopic(t, s, 1, 'mine'));
    await settled();
    expect(host.calls.map(kind)).toEqual(['whole', 'change', 'whole']);
    expect(host.held()).toEqual({ revision: 3, segmentation: useSession.getState().current!.segmentation });
    expect(host.held()?.segmentation.notes[1]).toMatchObject({ topic: 'mine' });
    expect(useUiStore.getState().notices).toEqual([]);
  });

  it('says when a save failed, in the status and as a notice; the next edit is still a change from the last save', async () => {
    const host = correctionHost();
    useSession.getState().linkWorkspaceDocument('w1');
    useSession.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    await settled();
    host.refuseNext = new WorkbenchCallError({ code: 'conflict', message: 'saved elsewhere meanwhile' });
    useSession.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Four')));
    await vi.waitFor(() => expect(useSession.getState()).toMatchObject({ saveStatus: 'failed', saveError: 'saved elsewhere meanwhile' }));
    expect(useUiStore.getState().notices.map((n) => n.message)).toEqual(['A correction was not saved: saved elsewhere meanwhile']);
    useSession.getState().undo();
    await settled();
    expect(host.calls.map(kind)).toEqual(['whole', 'change', 'change']);
    expect(host.calls.at(-1)).toMatchObject({ change: { baseRevision: 1, removed: [], added: [] } });
  });

  it('counts edits since the last export, and forgets the link with the document', () => {
    useSession.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    useSession.getState().noteExported('doc.json');
    expect(useSession.getState().revision).toBe(useSession.getState().keptRevision);
    useSession.getState().linkWorkspaceDocument('w1');
    openText('d2', TEXT);
    expect(useSession.getState()).toMatchObject({ workspaceDocumentId: null, exportedTo: null, saveStatus: 'none', shownInWorkspace: null });
  });
});
