/**
 * Issue 12, row 5: clients (web pages, the desktop renderer) never name arbitrary paths. Over the
 * WebSocket, paths are accepted only inside `--workspace` and `--allow-dir` folders (after
 * resolving symlinks and `..`); over Electron IPC, where no folder is allowed, every path a
 * renderer names is refused and the File menu's dialogs are the way in. The host's own requests
 * (dialog results) are not limited.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WireError } from '../../shared/ipc/contract';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { createIpcCallHandler, type FrameLike } from '../../electron/main/ipc-handler';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { scratchDir } from '../support/scratch-dir';
import { sessionCookieFor } from './http-helpers';

const root = scratchDir('path-gate-');
const allowed = path.join(root, 'allowed');
const outside = path.join(root, 'outside');
const workspaceDir = path.join(root, 'ws');
const tinyLora = path.resolve('models/test/tiny-lora-simple.gguf');
const fixture = path.resolve('test/fixtures/docs/plain.txt');

let web: { service: WorkbenchService; host: WebHost; client: SocketWorkbench };
let desktop: WorkbenchService;

beforeAll(async () => {
  mkdirSync(path.join(allowed, 'docs'), { recursive: true });
  mkdirSync(path.join(outside, 'docs'), { recursive: true });
  writeFileSync(path.join(allowed, 'docs', 'inside.md'), '# Inside\n\nAllowed text.\n');
  writeFileSync(path.join(outside, 'secret.txt'), 'a secret outside the allowed folders\n');
  writeFileSync(path.join(outside, 'docs', 'other.md'), '# Other\n\nNot for clients.\n');
  copyFileSync(tinyLora, path.join(allowed, 'adapter.gguf'));
  copyFileSync(tinyLora, path.join(outside, 'adapter.gguf'));
  // Symlinks inside an allowed folder that lead out of it.
  symlinkSync(path.join(outside, 'secret.txt'), path.join(allowed, 'secret-link.txt'));
  symlinkSync(outside, path.join(allowed, 'outside-link'));

  const service = createWorkbenchService({ resourcesDir: path.resolve('resources'), workspaceDir, allowedDirs: [allowed], modelsDir: path.join(root, 'models') });
  const host = await startWebHost({ service, rendererDir: root, port: 0 });
  const headers = { Cookie: await sessionCookieFor(host.port, host.token), Origin: `http://127.0.0.1:${host.port}` };
  const client = createSocketWorkbench(`ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}`, {
    createSocket: (url) => new WebSocket(url, { headers }) as unknown as SocketLike,
  });
  web = { service, host, client };
  desktop = createWorkbenchService({ resourcesDir: path.resolve('resources'), modelsDir: path.join(root, 'desktop-models') });
});

afterAll(async () => {
  web.client.close();
  await web.host.close();
  await Promise.all([web.service.dispose(), desktop.dispose()]);
});

async function refusal(call: Promise<unknown>): Promise<WireError> {
  const outcome = await call.then(
    () => null,
    (err: unknown) => err as WireError,
  );
  if (!outcome) throw new Error('the call was accepted');
  return outcome;
}

describe('paths over the web host (WebSocket): only inside --workspace and --allow-dir', () => {
  it('opens a file inside an allowed folder, by absolute or relative path', async () => {
    const inside = path.join(allowed, 'docs', 'inside.md');
    expect((await web.client.openPath({ path: inside })).text).toContain('Allowed text.');
    expect((await web.client.openPath({ path: path.relative(process.cwd(), inside) })).info.name).toBe('inside.md');
  });

  it('refuses files outside: absolute, relative ../.., and through symlinks', async () => {
    const relativeEscape = path.relative(process.cwd(), path.join(allowed, '..', '..', '..', 'etc', 'passwd'));
    for (const requested of [
      path.join(outside, 'secret.txt'),
      '/etc/passwd',
      relativeEscape,
      path.join(allowed, '..', 'outside', 'secret.txt'),
      path.join(allowed, 'secret-link.txt'),
      path.join(allowed, 'outside-link', 'secret.txt'),
    ]) {
      const error = await refusal(web.client.openPath({ path: requested }));
      expect(error, requested).toMatchObject({ code: 'forbidden', message: expect.stringContaining('--allow-dir') });
      expect(error.message).not.toContain('a secret');
    }
  });

  it('imports folders and opens workspaces only inside, and refuses without creating anything', async () => {
    const report = await web.client.workspaceImportFolder({ path: path.join(allowed, 'docs'), mode: 'copy' });
    expect(report.added.map((d) => d.name)).toEqual(['inside.md']);
    for (const folder of [path.join(outside, 'docs'), path.join(allowed, 'outside-link', 'docs'), '/etc']) {
      expect(await refusal(web.client.workspaceImportFolder({ path: folder, mode: 'reference' })), folder).toMatchObject({ code: 'forbidden' });
    }
    const foreign = path.join(outside, 'new-workspace');
    expect(await refusal(web.client.workspaceOpen({ dir: foreign }))).toMatchObject({ code: 'forbidden' });
    expect(await refusal(web.client.workspaceOpen({ dir: '/etc' }))).toMatchObject({ code: 'forbidden' });
    expect(existsSync(foreign)).toBe(false);
    expect(readdirSync(outside).sort()).toEqual(['adapter.gguf', 'docs', 'secret.txt']);
    // The workspace it had stays open.
    expect((await web.client.workspaceInfo({})).dir).toBe(workspaceDir);
    const opened = await web.client.workspaceOpen({ dir: path.join(allowed, 'second-workspace') });
    expect(opened).toEqual({ dir: path.join(allowed, 'second-workspace'), documents: 0 });
  });

  it('imports a model file only from inside', async () => {
    expect((await web.client.importModel({ path: path.join(allowed, 'adapter.gguf') })).file).toBe('adapter.gguf');
    expect(await refusal(web.client.importModel({ path: path.join(outside, 'adapter.gguf') }))).toMatchObject({ code: 'forbidden' });
  });
});

describe('paths over Electron IPC: the renderer names none, the File menu dialogs do', () => {
  const mainFrame: FrameLike = { url: 'app://workbench/index.html', processId: 4, routingId: 1 };
  const handle = () => createIpcCallHandler({ service: desktop, mainFrame: () => mainFrame });
  const call = (method: string, params: unknown) => handle()({ senderFrame: mainFrame }, { method, params });

  it('refuses every path the renderer sends, pointing to the File menu', async () => {
    const cases: [string, unknown][] = [
      ['openPath', { path: fixture }],
      ['openPath', { path: '../../etc/passwd' }],
      ['workspaceOpen', { dir: path.join(root, 'desktop-ws') }],
      ['workspaceImportFolder', { path: path.join(allowed, 'docs'), mode: 'copy' }],
      ['importModel', { path: tinyLora }],
    ];
    for (const [method, params] of cases) {
      const outcome = await call(method, params);
      expect(outcome, method).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('File menu') } });
    }
    expect(existsSync(path.join(root, 'desktop-ws'))).toBe(false);
  });

  it("accepts what the main process's own dialogs picked (host requests)", async () => {
    const opened = await desktop.request('openPath', { path: fixture }, { transport: 'electron' });
    expect(opened.info.name).toBe('plain.txt');
    const info = await desktop.request('workspaceOpen', { dir: path.join(root, 'desktop-ws') }, { transport: 'electron' });
    expect(info.dir).toBe(path.join(root, 'desktop-ws'));
  });
});
