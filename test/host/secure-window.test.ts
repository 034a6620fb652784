import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, createAppProtocolHandler, isAppUrl } from '../../electron/main/app-protocol';
import { buildMenuTemplate } from '../../electron/main/menu';
import { secureWebPreferences } from '../../electron/main/secure-web-preferences';
import { scratchDir } from '../support/scratch-dir';

describe('the window webPreferences', () => {
  const prefs = secureWebPreferences('/app/dist/electron/preload.cjs');

  it('isolate and sandbox the renderer, with no Node', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keep web security on and the risky features off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('load the given preload', () => {
    expect(prefs.preload).toBe('/app/dist/electron/preload.cjs');
  });
});

describe('the app:// protocol', () => {
  const dir = scratchDir('app-protocol-');
  let handler: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dir, 'secret.txt'), 'outside');
    handler = createAppProtocolHandler(path.join(dir, 'dist'));
  });

  it('recognises only our own origin', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://workbench/assets/x.js')).toBe(true);
    for (const url of ['app://other/index.html', 'file:///index.html', 'https://workbench/', 'not a url', '']) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });

  it('serves the renderer with its CSP', async () => {
    const res = await handler(new Request(APP_ENTRY_URL));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app</title>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('ws:');
  });

  it('serves nothing outside the renderer folder', async () => {
    for (const url of ['app://workbench/../secret.txt', 'app://workbench/%2e%2e/secret.txt', 'app://workbench/..%2fsecret.txt']) {
      const res = await handler(new Request(url));
      expect(res.status, url).toBe(404);
    }
  });
});

describe('the File menu', () => {
  it('offers open document, open workspace folder, the two imports and export, each wired to its action', () => {
    const calls: string[] = [];
    const template = buildMenuTemplate(
      {
        openDocument: () => calls.push('open'),
        openWorkspace: () => calls.push('workspace'),
        importFolder: () => calls.push('import-folder'),
        importModel: () => calls.push('import-model'),
        exportResult: () => calls.push('export'),
      },
      'linux',
    );
    const file = template.find((item) => item.label === 'File');
    const items = (file?.submenu as { label?: string; click?: () => void }[]).filter((item) => item.label);
    expect(items.map((item) => item.label)).toEqual([
      'Open Document…',
      'Open Workspace Folder…',
      'Import Folder into Workspace…',
      'Import Model File…',
      'Export…',
    ]);
    for (const item of items) item.click?.();
    expect(calls).toEqual(['open', 'workspace', 'import-folder', 'import-model', 'export']);
  });
});
