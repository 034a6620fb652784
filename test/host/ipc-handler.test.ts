import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIpcCallHandler, type FrameLike } from '../../electron/main/ipc-handler';
import { createWorkbenchService, followEvents } from '../../electron/services/workbench';
import type { WorkbenchEvent } from '../../shared/ipc/contract';

const service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
afterAll(() => service.dispose());

const mainFrame: FrameLike = { url: 'app://workbench/index.html', processId: 4, routingId: 1 };
const handle = createIpcCallHandler({ service, mainFrame: () => mainFrame });
const fromMainFrame = { senderFrame: { ...mainFrame } };

describe('the workbench:call IPC handler', () => {
  it('answers a valid call from our window', async () => {
    const outcome = await handle(fromMainFrame, { method: 'getHostInfo', params: {} });
    expect(outcome).toMatchObject({ ok: true, result: { transport: 'electron', defaultStrategy: 'structural' } });
  });

  it('rejects calls whose params do not match the schema, and keeps serving', async () => {
    const cases: unknown[] = [
      { method: 'startRun', params: { documentId: 'x', strategy: 'Structural!', options: {} } },
      { method: 'startRun', params: { documentId: 'x', strategy: 'structural', options: { maxChars: -5 } } },
      { method: 'openSample', params: { extra: true } },
      { method: 'exportResult', params: { result: {}, documentId: 'x', format: 'docx' } },
      { method: 'openDocument', params: 'not an object' },
    ];
    for (const request of cases) {
      const outcome = await handle(fromMainFrame, request);
      expect(outcome, JSON.stringify(request)).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
      expect(outcome.ok === false && outcome.error.message.includes('\n')).toBe(false);
    }
    expect(await handle(fromMainFrame, { method: 'listDocuments', params: {} })).toEqual({ ok: true, result: [] });
  });

  it('rejects unknown methods and calls that are not { method, params }', async () => {
    expect(await handle(fromMainFrame, { method: 'constructor', params: {} })).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    expect(await handle(fromMainFrame, { method: '__proto__', params: {} })).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    for (const request of [null, 42, 'listModels', ['listModels', {}]]) {
      expect(await handle(fromMainFrame, request)).toMatchObject({ ok: false, error: { code: 'malformed-call' } });
    }
  });

  it('rejects calls from a frame that is not our main frame or not our origin', async () => {
    const foreign = [
      { senderFrame: null },
      { senderFrame: { ...mainFrame, routingId: 2 } }, // a subframe
      { senderFrame: { ...mainFrame, processId: 9 } }, // another renderer process
      { senderFrame: { ...mainFrame, url: 'https://evil.example/' } }, // navigated away
      { senderFrame: { ...mainFrame, url: 'file:///etc/passwd' } },
      { senderFrame: { ...mainFrame, url: 'app://other/index.html' } },
    ];
    for (const event of foreign) {
      const outcome = await handle(event, { method: 'listDocuments', params: {} });
      expect(outcome, JSON.stringify(event)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('rejects everything once the window is gone', async () => {
    const noWindow = createIpcCallHandler({ service, mainFrame: () => null });
    expect(await noWindow(fromMainFrame, { method: 'listDocuments', params: {} })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('treats a frame that throws on access as untrusted', async () => {
    const disposed = {
      get senderFrame(): FrameLike {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    expect(await handle(disposed, { method: 'listDocuments', params: {} })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('turns a failing handler into an error answer, not an exception', async () => {
    const outcome = await handle(fromMainFrame, { method: 'getDocument', params: { documentId: 'no-such-document' } });
    expect(outcome).toEqual({ ok: false, error: { code: 'not-found', message: "no open document with id 'no-such-document'" } });
  });

  it("gives the window's caller id to its calls: a run it starts reports to it, not to another window (issue 36)", async () => {
    // As electron/main/ipc.ts wires it: the handler and followEvents share the window's id.
    const windowHandle = createIpcCallHandler({ service, mainFrame: () => mainFrame, caller: () => 'window:7' });
    const mine: WorkbenchEvent[] = [];
    const other: WorkbenchEvent[] = [];
    const stops = [followEvents(service, () => 'window:7', (e) => mine.push(e)), followEvents(service, 'window:8', (e) => other.push(e))];
    const doc = await windowHandle(fromMainFrame, { method: 'openSample', params: {} });
    const docId = doc.ok ? (doc.result as { id: string }).id : '';
    const started = await windowHandle(fromMainFrame, { method: 'startRun', params: { documentId: docId, strategy: 'structural', options: {} } });
    const runId = started.ok ? (started.result as { runId: string }).runId : '';
    const ofRun = (events: WorkbenchEvent[]) => events.filter((e) => e.type === 'job' && e.job.id === runId);
    for (let i = 0; i < 500 && !ofRun(mine).some((e) => e.type === 'job' && e.job.status === 'finished'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    stops.forEach((stop) => stop());
    expect(ofRun(mine).at(-1)).toMatchObject({ job: { status: 'finished', result: { strategy: 'structural' } } });
    expect(ofRun(other)).toEqual([]);
    // The sample's opening is everyone's.
    expect(other.some((e) => e.type === 'document-opened')).toBe(true);
  });
});
