import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchEvent } from './startup';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { replaceWorkbench } from './workbench';
import { useSession } from '../stores/session';
import { useUiStore } from '../stores/ui';

const PICKED = '/home/someone/Documents/menu.txt';

describe('service events', () => {
  afterEach(() => {
    replaceWorkbench(null);
    useUiStore.setState({ reading: { plain: false, encoding: '' }, notices: [] });
  });

  it("opens the File menu's pick by its id with the window's read options, shows it and segments it with the host's default", async () => {
    const text = 'Opened from the menu.\n\nSecond paragraph.\n';
    const openPicked = vi.fn(async () => ({
      id: 'd7',
      info: { name: 'menu.txt', chars: text.length, sha256: 'x' },
      text,
      sourceFormat: 'txt',
    }));
    const startRun = vi.fn(async () => ({ runId: 'r1' }));
    replaceWorkbench(scripted({ openPicked, startRun }));
    // The toolbar's reading settings, as the Open panel sets them.
    useUiStore.getState().updateReading({ plain: true, encoding: 'windows-1252' });

    dispatchEvent({ type: 'menu-command', command: 'open-picked-document', pickId: 'pick-7', path: PICKED });
    await vi.waitFor(() => expect(startRun).toHaveBeenCalled());
    // The pick and the read options; the path is never sent back.
    expect(openPicked).toHaveBeenCalledWith({ pickId: 'pick-7', read: { plain: true, encoding: 'windows-1252' } });
    expect(JSON.stringify(openPicked.mock.calls)).not.toContain(PICKED);
    expect(useSession.getState()).toMatchObject({ documentId: 'd7', text });
    expect(startRun).toHaveBeenCalledWith({ documentId: 'd7', strategy: 'structural', options: {} });
    expect(useSession.getState().run).toMatchObject({ status: 'running', runId: 'r1' });
  });

  it('with the default reading settings names no read option, and a refused read is a banner naming the file, the document on screen kept', async () => {
    const before = useSession.getState().documentId;
    const openPicked = vi.fn(async () => {
      throw new Error('/home/someone/Documents/old.txt is not valid UTF-8: invalid byte 0xe9 at byte offset 3');
    });
    replaceWorkbench(scripted({ openPicked }));

    dispatchEvent({ type: 'menu-command', command: 'open-picked-document', pickId: 'pick-8', path: '/home/someone/Documents/old.txt' });
    await vi.waitFor(() => expect(useUiStore.getState().notices).toHaveLength(1));
    expect(openPicked).toHaveBeenCalledWith({ pickId: 'pick-8', read: {} });
    expect(useUiStore.getState().notices[0]).toMatchObject({
      kind: 'error',
      message: 'Could not open "old.txt": /home/someone/Documents/old.txt is not valid UTF-8: invalid byte 0xe9 at byte offset 3',
    });
    expect(useSession.getState().documentId).toBe(before);
  });
});
