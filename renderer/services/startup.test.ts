import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchEvent } from './startup';
import { scriptedWorkbench as scripted } from './scripted-workbench';
import { replaceWorkbench } from './workbench';
import { useSession } from '../stores/session';

describe('service events', () => {
  afterEach(() => replaceWorkbench(null));

  it("shows the document the File menu opened, and segments it with the host's default", async () => {
    const text = 'Opened from the menu.\n\nSecond paragraph.\n';
    const getDocument = vi.fn(async ({ documentId }: { documentId: string }) => ({
      id: documentId,
      info: { name: 'menu.txt', chars: text.length, sha256: 'x' },
      text,
      sourceFormat: 'txt',
    }));
    const startRun = vi.fn(async () => ({ runId: 'r1' }));
    replaceWorkbench(scripted({ getDocument, startRun }));

    dispatchEvent({ type: 'menu-command', command: 'show-document', documentId: 'd7' });
    await vi.waitFor(() => expect(startRun).toHaveBeenCalled());
    expect(getDocument).toHaveBeenCalledWith({ documentId: 'd7' });
    expect(useSession.getState()).toMatchObject({ documentId: 'd7', text });
    expect(startRun).toHaveBeenCalledWith({ documentId: 'd7', strategy: 'structural', options: {} });
    expect(useSession.getState().run).toMatchObject({ status: 'running', runId: 'r1' });
  });
});
