import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDocumentStore } from '../stores/document';
import { useRunStore } from '../stores/run';
import { dispatchEvent } from './startup';
import { scriptedWorkbench as scripted } from './scripted-workbench';
import { replaceWorkbench } from './workbench';

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
    expect(useDocumentStore.getState()).toMatchObject({ id: 'd7', text });
    expect(startRun).toHaveBeenCalledWith({ documentId: 'd7', strategy: 'structural', options: {} });
    expect(useRunStore.getState()).toMatchObject({ status: 'running', runId: 'r1' });
  });
});
