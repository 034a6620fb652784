import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitAt } from '../../../shared/edit/operations';
import { scriptedWorkbench as scripted } from '../../services/scripted-workbench';
import { replaceWorkbench } from '../../services/workbench';
import { openText } from '../../test-support/open-text';
import { resultFromCuts } from '../../test-support/results';
import { useUiStore } from '../ui';
import { useSession } from './index';

const TEXT = 'One sentence here. Two sentences now. Three of them. Four is the last one.\n';

describe('corrections slice: the actions save hand edits themselves', () => {
  beforeEach(() => {
    openText('d1', TEXT);
    useSession.getState().showResult(resultFromCuts(TEXT, [19], 'structural'));
    useUiStore.setState({ notices: [] });
  });
  afterEach(() => replaceWorkbench(null));

  it('sends every edit, undo and redo of a workspace document, and no run result', async () => {
    const save = vi.fn(async () => ({ saved: true as const }));
    const clear = vi.fn(async () => ({ cleared: true }));
    replaceWorkbench(scripted({ workspaceSaveCorrection: save, workspaceClearCorrection: clear }));
    const session = useSession.getState();
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    expect(save).not.toHaveBeenCalled();

    session.linkWorkspaceDocument('w1');
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Four')));
    session.undo();
    session.redo();
    session.showResult(resultFromCuts(TEXT, [38], 'sentence-rules'));
    expect(save).toHaveBeenCalledTimes(3);
    expect(save).toHaveBeenLastCalledWith({ workspaceDocumentId: 'w1', segmentation: { boundaries: [19, 38, 53], notes: [{}, {}, {}, {}] }, basedOnStrategy: 'structural' });
    expect(clear).not.toHaveBeenCalled();
    expect(useSession.getState().saveStatus).toBe('pending');
    await vi.waitFor(() => expect(useSession.getState().saveStatus).toBe('saved'));
  });

  it('a hand edit is a correction that names its strategy; undone back to the machine result, the document has none', async () => {
    const save = vi.fn(async () => ({ saved: true as const }));
    const clear = vi.fn(async () => ({ cleared: true }));
    replaceWorkbench(scripted({ workspaceSaveCorrection: save, workspaceClearCorrection: clear }));
    const session = useSession.getState();
    session.linkWorkspaceDocument('w1');
    session.apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    expect(useSession.getState().current).toMatchObject({ strategy: 'corrected', meta: { startedFrom: 'structural' } });
    session.undo();
    expect(useSession.getState().current!.strategy).toBe('structural');
    expect(clear).toHaveBeenCalledWith({ workspaceDocumentId: 'w1' });
    expect(save).toHaveBeenCalledTimes(1);
    session.redo();
    expect(save).toHaveBeenCalledTimes(2);
    // A run shown over the correction, then undone and redone: the run is never sent as a correction,
    // and the correction stays the document's.
    session.showResult(resultFromCuts(TEXT, [38], 'sentence-rules'));
    session.undo();
    session.redo();
    expect(save.mock.calls.map((c) => (c as unknown as [{ segmentation: { boundaries: number[] } }])[0].segmentation.boundaries)).toEqual([[19, 38], [19, 38], [19, 38], [19, 38]]);
    expect(clear).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(useSession.getState().saveStatus).toBe('saved'));
  });

  it('undone back to a machine result shown over a saved correction, that correction is put back', () => {
    const save = vi.fn(async () => ({ saved: true as const }));
    const clear = vi.fn(async () => ({ cleared: true }));
    replaceWorkbench(scripted({ workspaceSaveCorrection: save, workspaceClearCorrection: clear }));
    const saved = { ...resultFromCuts(TEXT, [53], 'corrected'), meta: { basedOn: { strategy: 'structural', savedAt: '2026-01-01T00:00:00.000Z' } } };
    useSession.getState().loadSaved([], saved);
    useSession.getState().linkWorkspaceDocument('w1');
    useSession.getState().showResult(resultFromCuts(TEXT, [38], 'sentence-rules'));
    useSession.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    useSession.getState().undo();
    expect(clear).not.toHaveBeenCalled();
    expect(save).toHaveBeenLastCalledWith({ workspaceDocumentId: 'w1', segmentation: saved.segmentation, basedOnStrategy: 'corrected' });
  });

  it('says when a save failed, in the status and as a notice', async () => {
    replaceWorkbench(scripted({ workspaceSaveCorrection: () => Promise.reject(new Error('disk full')) }));
    useSession.getState().linkWorkspaceDocument('w1');
    useSession.getState().apply('split', (t, s) => splitAt(t, s, TEXT.indexOf('Three')));
    await vi.waitFor(() => expect(useSession.getState()).toMatchObject({ saveStatus: 'failed', saveError: 'disk full' }));
    expect(useUiStore.getState().notices.map((n) => n.message)).toEqual(['A correction was not saved: disk full']);
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
