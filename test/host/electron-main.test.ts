/**
 * The real main-process bundle (dist/electron/main.mjs), started in Node against a recording
 * stand-in for Electron (fake-electron/): what it registers and how it answers. Electron itself
 * cannot start on these machines; this checks everything main does around it.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { methodNames, type WorkbenchApi, type WorkbenchEvent } from '../../shared/ipc/contract';
import type { CallOutcome } from '../../shared/ipc/wire';
import { LEAVE_BUTTONS } from '../../electron/main/leave-guard';
import { secureWebPreferences } from '../../electron/main/secure-web-preferences';
import { buildElectron } from '../../scripts/build-electron';
import { wrapPreloadApi } from '../../renderer/ipc/preload-client';
import { appRoot, recorded, type FakeBrowserWindow } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);

const fixture = path.resolve('test/fixtures/docs/markdown-code.md');
const tinyLora = path.resolve('models/test/tiny-lora-simple.gguf');
// Its own build folder under dist/ (npm packages still resolve from there), apart from other tests' builds.
const outDir = path.resolve('dist', `test-main-${process.pid}`);
let window: FakeBrowserWindow;
let call: (event: unknown, request: unknown) => Promise<CallOutcome>;

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  const { main } = await buildElectron(outDir);
  await import(/* @vite-ignore */ pathToFileURL(main).href);
  await settle();
  window = recorded.windows[0] as FakeBrowserWindow;
  call = recorded.ipcHandlers.get('workbench:call') as typeof call;
});

afterAll(async () => {
  await rm(appRoot, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
});

describe('the Electron main process (real bundle, stand-in Electron)', () => {
  it('registers app:// as a secure standard scheme, enables the sandbox and serves the renderer with a CSP', async () => {
    expect(recorded.privilegedSchemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true, corsEnabled: true }) }]);
    expect(recorded.sandboxEnabled).toBe(true);
    const res = await recorded.protocolHandlers.get('app')!(new Request('app://workbench/index.html'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('fake app');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('opens one window with the secure webPreferences and the bundled preload, on app://', () => {
    expect(recorded.windows).toHaveLength(1);
    const preload = String(window.options.webPreferences?.preload);
    expect(preload).toBe(path.join(outDir, 'preload.cjs'));
    expect(window.options.webPreferences).toEqual(secureWebPreferences(preload));
    expect(window.loadedUrl).toBe('app://workbench/index.html');
  });

  it('denies navigation, new windows, webviews and every permission', () => {
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      window.webContents.emit(name, event, 'https://evil.example/');
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
    expect(window.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const granted = vi.fn();
    recorded.permissionRequest?.(window.webContents, 'media', granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect(recorded.permissionCheck?.(window.webContents, 'notifications')).toBe(false);
    expect(recorded.devicePermission?.({})).toBe(false);
  });

  it('answers workbench:call from its window and refuses other frames and malformed calls', async () => {
    const own = { senderFrame: window.webContents.mainFrame };
    expect(await call(own, { method: 'getHostInfo', params: {} })).toMatchObject({ ok: true, result: { transport: 'electron' } });
    expect(await call({ senderFrame: { ...window.webContents.mainFrame, routingId: 99 } }, { method: 'listDocuments', params: {} })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await call(own, { method: 'startRun', params: { nope: 1 } })).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
    expect(await call(own, { method: 'listDocuments', params: {} })).toMatchObject({ ok: true });
  });

  it("File > Open Document holds the picked file and the window opens it by its pick with its read options, never its path", async () => {
    const template = recorded.menuTemplate as { label?: string; submenu?: { label?: string; click?: () => void }[] }[];
    const openItem = template.find((m) => m.label === 'File')?.submenu?.find((i) => i.label === 'Open Document…');
    const own = { senderFrame: window.webContents.mainFrame };
    // "Café – naïve" in windows-1252: not UTF-8, so it reads only with the window's encoding setting.
    const legacy = path.join(outDir, 'legacy-menu.txt');
    await writeFile(legacy, Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x0a]));
    const pickedBy = async (file: string) => {
      const sentBefore = window.webContents.sent.length;
      recorded.dialogPaths.push(file);
      openItem?.click?.();
      for (let i = 0; i < 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const asked = window.webContents.sent
          .slice(sentBefore)
          .map((s) => s.payload as WorkbenchEvent)
          .find((e) => e.type === 'menu-command' && e.command === 'open-picked-document');
        if (asked?.type === 'menu-command' && asked.command === 'open-picked-document') return asked;
      }
      throw new Error('the window was not told to open the pick');
    };

    const asked = await pickedBy(legacy);
    expect(asked.path).toBe(legacy);
    // Nothing is opened before the window asks for it.
    const listed = (await call(own, { method: 'listDocuments', params: {} })) as { ok: true; result: { name: string }[] };
    expect(listed.result.map((d) => d.name)).not.toContain('legacy-menu.txt');
    // The renderer may not name the path itself.
    expect(await call(own, { method: 'openPath', params: { path: legacy, read: { encoding: 'windows-1252' } } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // Read without the window's encoding, the file is refused, and the pick stays good for another try.
    expect(await call(own, { method: 'openPicked', params: { pickId: asked.pickId } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/legacy-menu\.txt is not valid UTF-8: invalid byte 0xe9 at byte offset 3/) },
    });
    expect(await call(own, { method: 'openPicked', params: { pickId: asked.pickId, read: { encoding: 'windows-1252' } } })).toMatchObject({
      ok: true,
      result: { info: { name: 'legacy-menu.txt' }, sourceFormat: 'txt', text: 'Café – naïve\n', reader: { encoding: 'windows-1252', encodingSource: 'option' } },
    });
    // Used once: the id names nothing now.
    expect(await call(own, { method: 'openPicked', params: { pickId: asked.pickId, read: { encoding: 'windows-1252' } } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no longer picked: choose it again with File › Open Document/) },
    });

    // Markdown or plain, as the window says: an HTML page read as plain paragraphs.
    const page = path.join(outDir, 'guide-menu.html');
    await writeFile(page, '<h1>Guide</h1><p>Read this first.</p><ul><li>one</li><li>two</li></ul>');
    const again = await pickedBy(page);
    expect(await call(own, { method: 'openPicked', params: { pickId: again.pickId, read: { plain: true } } })).toMatchObject({
      ok: true,
      result: { info: { name: 'guide-menu.html' }, sourceFormat: 'html', text: 'Guide\n\nRead this first.\n\none\n\ntwo\n', reader: { reader: 'html', output: 'plain' } },
    });
    // A document pick is no model pick, and the reverse.
    const third = await pickedBy(fixture);
    expect(await call(own, { method: 'importPickedModel', params: { pickId: third.pickId, purpose: 'file' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no longer picked: choose it again with File › Import Model File/) },
    });
    expect(window.webContents.sent.every((s) => s.channel === 'workbench:event')).toBe(true);
    expect(recorded.messageBoxes).toEqual([]);
  });

  it('File > Import Model File asks the window what the picked file is for, and the window imports it by its pick, never its path', async () => {
    const template = recorded.menuTemplate as { label?: string; submenu?: { label?: string; click?: () => void }[] }[];
    const importItem = template.find((m) => m.label === 'File')?.submenu?.find((i) => i.label === 'Import Model File…');
    const own = { senderFrame: window.webContents.mainFrame };
    expect(await call(own, { method: 'importModel', params: { path: tinyLora } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const sentBefore = window.webContents.sent.length;
    recorded.dialogPaths.push(tinyLora);
    importItem?.click?.();
    let asked: Extract<WorkbenchEvent, { type: 'menu-command' }> | undefined;
    for (let i = 0; i < 300 && !asked; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      asked = window.webContents.sent
        .slice(sentBefore)
        .map((s) => s.payload as WorkbenchEvent)
        .find((e): e is Extract<WorkbenchEvent, { type: 'menu-command' }> => e.type === 'menu-command' && e.command === 'choose-model-purpose');
    }
    if (asked?.command !== 'choose-model-purpose') throw new Error('the window was not asked what the file is for');
    expect(asked.path).toBe(tinyLora);
    // Nothing is installed before the purpose is chosen.
    const before = (await call(own, { method: 'listModels', params: {} })) as { ok: true; result: { file: string }[] };
    expect(before.result.map((m) => m.file)).not.toContain('tiny-lora-simple.gguf');

    // A pick id the host never gave names nothing.
    expect(await call(own, { method: 'importPickedModel', params: { pickId: 'made-up', purpose: 'file' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no longer picked: choose it again with File › Import Model File/) },
    });
    // A purpose the file does not fit is refused, and the pick stays good for another purpose.
    expect(await call(own, { method: 'importPickedModel', params: { pickId: asked.pickId, purpose: 'base' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/adapter/) },
    });
    expect(await call(own, { method: 'importPickedModel', params: { pickId: asked.pickId, purpose: 'file' } })).toMatchObject({ ok: true, result: { file: 'tiny-lora-simple.gguf', kind: 'adapter' } });
    const listed = (await call(own, { method: 'listModels', params: {} })) as { ok: true; result: { file: string }[] };
    expect(listed.result.map((m) => m.file)).toContain('tiny-lora-simple.gguf');
    // Imported, the pick is used up.
    expect(await call(own, { method: 'importPickedModel', params: { pickId: asked.pickId, purpose: 'file' } })).toMatchObject({ ok: false });
    expect(recorded.messageBoxes).toEqual([]);
  });

  it('asks before a close or reload that the renderer holds back for unsaved corrections, and leaves only when told to', () => {
    const unload = () => {
      const event = { preventDefault: vi.fn() };
      window.webContents.emit('will-prevent-unload', event);
      return event.preventDefault;
    };
    recorded.syncMessageBoxResponse = LEAVE_BUTTONS.indexOf('Stay');
    expect(unload()).not.toHaveBeenCalled();
    recorded.syncMessageBoxResponse = LEAVE_BUTTONS.indexOf('Leave without saving');
    expect(unload()).toHaveBeenCalled();
    expect(recorded.syncMessageBoxes).toHaveLength(2);
    expect(recorded.syncMessageBoxes[0]).toMatchObject({ type: 'warning', buttons: [...LEAVE_BUTTONS], cancelId: 1, message: expect.stringContaining('not saved') });
  });

  it('the preload exposes the contract as window.workbench over workbench:call', async () => {
    // Run the sandboxed CommonJS preload with the two modules a sandbox gives it.
    const exposed = new Map<string, Record<string, unknown>>();
    const listeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>();
    const electronForPreload = {
      contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.set(key, api) },
      ipcRenderer: {
        invoke: (channel: string, request: unknown) => recorded.ipcHandlers.get(channel)!({ senderFrame: window.webContents.mainFrame }, request),
        on: (channel: string, listener: (event: unknown, payload: unknown) => void) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
        off: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
          listeners.set(channel, (listeners.get(channel) ?? []).filter((l) => l !== listener)),
      },
    };
    const code = await readFile(path.join(outDir, 'preload.cjs'), 'utf8');
    const module = { exports: {} };
    new Function('require', 'module', 'exports', code)(
      (name: string) => {
        if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
        return electronForPreload;
      },
      module,
      module.exports,
    );

    const api = exposed.get('workbench') as unknown as WorkbenchApi;
    expect(Object.keys(api).sort()).toEqual([...methodNames, 'onEvent'].sort());
    expect((await api.getHostInfo({})).transport).toBe('electron');
    // The refusal crosses the bridge as a plain WireError; renderer/ipc makes it an Error again.
    await expect(api.getDocument({ documentId: 'missing' })).rejects.toEqual({ code: 'not-found', message: "no open document with id 'missing'" });
    const rendererApi = wrapPreloadApi(api);
    const refused = await rendererApi.getDocument({ documentId: 'missing' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ name: 'WorkbenchCallError', code: 'not-found', message: "no open document with id 'missing'" });

    const seen: WorkbenchEvent[] = [];
    const stop = api.onEvent((event) => seen.push(event));
    for (const listener of listeners.get('workbench:event') ?? []) listener({}, { type: 'document-closed', documentId: 'd' });
    stop();
    for (const listener of listeners.get('workbench:event') ?? []) listener({}, { type: 'document-closed', documentId: 'e' });
    expect(seen).toEqual([{ type: 'document-closed', documentId: 'd' }]);
  });

  it('pushes service events to the window and disposes the service on quit', async () => {
    const own = { senderFrame: window.webContents.mainFrame };
    // The renderer never names a path (the File menu's dialog does): it sends the bytes.
    expect(await call(own, { method: 'openPath', params: { path: fixture } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const dataBase64 = (await readFile(fixture)).toString('base64');
    const doc = (await call(own, { method: 'openDocument', params: { name: 'markdown-code.md', dataBase64 } })) as { ok: true; result: { id: string } };
    const started = (await call(own, { method: 'startRun', params: { documentId: doc.result.id, strategy: 'structural', options: {} } })) as {
      ok: true;
      result: { runId: string };
    };
    let finished = false;
    for (let i = 0; i < 300 && !finished; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      finished = window.webContents.sent.some((s) => {
        const e = s.payload as WorkbenchEvent;
        return e.type === 'job' && e.job.id === started.result.runId && e.job.status === 'finished';
      });
    }
    expect(finished).toBe(true);

    const { app } = await import('./fake-electron');
    app.quit();
    await settle();
    expect(await call(own, { method: 'listDocuments', params: {} })).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});
