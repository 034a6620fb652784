/**
 * The Electron bundles build, and keep the shape Electron needs: a sandboxed preload may require
 * nothing but 'electron', and the main bundle leaves no relative import behind. (Electron itself
 * never starts on these machines, so this is as far as the bundles are checked here.)
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildElectron } from '../../scripts/build-electron';

describe('scripts/build-electron', () => {
  it('bundles main (ESM) and a self-contained CommonJS preload', async () => {
    const { main, preload } = await buildElectron();
    const preloadCode = await readFile(preload, 'utf8');
    const required = new Set([...preloadCode.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
    expect([...required]).toEqual(['electron']);
    expect(preloadCode).toContain('workbench:call');
    expect(preloadCode).toContain('exposeInMainWorld');

    const mainCode = await readFile(main, 'utf8');
    const imported = [...mainCode.matchAll(/\bfrom\s*"([^"]+)"/g), ...mainCode.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1] ?? '');
    expect(imported).toContain('electron');
    expect(imported.filter((name) => name.startsWith('.'))).toEqual([]);
    expect(mainCode).toContain('registerSchemesAsPrivileged');
  });
});
