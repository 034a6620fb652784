import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenedDocument } from '../../shared/ipc/contract';
import type { WorkspaceDocumentSummary } from '../../shared/workspace/types';
import { openLastWorkspaceDocument } from './workspace';
import { openPickedDocument, openSample } from './documents';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { beginShow, resetShowSequence } from './show-document';
import { replaceWorkbench } from './workbench';
import { useSession } from '../stores/session';
import { useWorkspaceStore } from '../stores/workspace';

function opened(id: string): OpenedDocument {
  const text = `Document ${id}.\n\nSecond paragraph.\n`;
  return { id, info: { name: `${id}.txt`, chars: text.length, sha256: id }, text, sourceFormat: 'txt' };
}

/** A promise the test settles when it wants: an answer that arrives late. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the show-document sequence', () => {
  const startRun = vi.fn(async (_params: { documentId: string }) => ({ runId: `r${startRun.mock.calls.length}` }));
  const workspaceInfo = vi.fn(async () => ({ dir: null, documents: 0 }));

  beforeEach(() => {
    resetShowSequence();
    startRun.mockClear();
  });
  afterEach(() => replaceWorkbench(null));

  it("never lets the start-up's restore replace a document the person opened meanwhile", async () => {
    const sample = later<OpenedDocument>();
    replaceWorkbench(scripted({ openSample: () => sample.promise, openPicked: async ({ pickId }) => opened(pickId), startRun, workspaceInfo }));
    const restoring = openSample('restore');
    await openPickedDocument('picked', '/picked/picked.txt');
    sample.resolve(opened('sample'));
    await restoring;
    expect(useSession.getState().documentId).toBe('picked');
    expect(startRun.mock.calls.map(([p]) => p.documentId)).toEqual(['picked']);
  });

  it('lets a later request supersede an earlier one that has not finished', async () => {
    const first = later<OpenedDocument>();
    const openPicked = vi.fn(({ pickId }: { pickId: string }) => (pickId === 'first' ? first.promise : Promise.resolve(opened(pickId))));
    replaceWorkbench(scripted({ openPicked, startRun, workspaceInfo }));
    const earlier = openPickedDocument('first', '/picked/first.txt');
    await openPickedDocument('second', '/picked/second.txt');
    first.resolve(opened('first'));
    await earlier;
    expect(useSession.getState().documentId).toBe('second');
    expect(startRun).toHaveBeenCalledTimes(1);
  });

  it('refuses a restore once the person has asked for a document, and never asks the service', async () => {
    const openSampleCall = vi.fn(async () => opened('sample'));
    replaceWorkbench(scripted({ openSample: openSampleCall, openPicked: async ({ pickId }) => opened(pickId), startRun, workspaceInfo }));
    await openPickedDocument('mine', '/picked/mine.txt');
    await openSample('restore');
    expect(openSampleCall).not.toHaveBeenCalled();
    expect(useSession.getState().documentId).toBe('mine');
    expect(beginShow('restore')).toBeNull();
    // The person's own sample button still works.
    await openSample();
    expect(useSession.getState().documentId).toBe('sample');
  });

  it("a restore superseded by a second start-up (React StrictMode mounts twice) says so, and start-up then shows no sample over the other's document", async () => {
    const summary: WorkspaceDocumentSummary = { id: 'w1', name: 'w1.txt', chars: 10, sha256: 'w1', sourceFormat: 'txt', source: 'copy', strategies: [], corrected: null, shows: null, state: 'untouched' as const };
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) });
    replaceWorkbench(
      scripted({
        workspaceInfo: async () => ({ dir: '/ws', documents: 1 }),
        workspaceListDocuments: async () => [summary],
        workspaceOpenDocument: async () => ({ document: opened('w1'), state: { summary, source: { state: 'unchanged' }, runs: [], corrected: null } }),
        startRun,
      }),
    );
    try {
      const [first, second] = await Promise.all([openLastWorkspaceDocument(), openLastWorkspaceDocument()]);
      // startup.ts falls back to the sample only on 'none'.
      expect([first, second]).toEqual(['superseded', 'shown']);
      expect(useSession.getState().documentId).toBe('w1');
      expect(useSession.getState().shownInWorkspace?.id).toBe('w1');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says an opened document is joining the workspace until it has joined, not that it is unsaved', async () => {
    const summary: WorkspaceDocumentSummary = { id: 'w2', name: 'mine.txt', chars: 10, sha256: 'mine', sourceFormat: 'txt', source: 'copy', strategies: [], corrected: null, shows: null, state: 'untouched' as const };
    const adding = later<WorkspaceDocumentSummary>();
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) });
    replaceWorkbench(
      scripted({
        openPicked: async ({ pickId }) => opened(pickId),
        workspaceInfo: async () => ({ dir: '/ws', documents: 0 }),
        workspaceListDocuments: async () => [],
        workspaceAddDocument: () => adding.promise,
        startRun,
      }),
    );
    try {
      const showing = openPickedDocument('mine', '/picked/mine.txt');
      await vi.waitFor(() => expect(useWorkspaceStore.getState().joining).toBe('mine'));
      expect(useSession.getState().documentId).toBe('mine');
      adding.resolve(summary);
      await showing;
      expect(useWorkspaceStore.getState().joining).toBeNull();
      expect(useSession.getState().shownInWorkspace?.id).toBe('w2');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
