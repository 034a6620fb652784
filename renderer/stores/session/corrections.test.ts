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
    replaceWorkbench(scripted({ workspaceSaveCorrection: save }));
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
    expect(useSession.getState().saveStatus).toBe('pending');
    await vi.waitFor(() => expect(useSession.getState().saveStatus).toBe('saved'));
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
