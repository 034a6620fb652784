/**
 * electron-builder.yml, checked without packaging (which needs Electron's downloads): it passes
 * electron-builder's own schema, and what it names exists and says what issue 4 asks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// electron-builder's own validator and YAML reader (app-builder-lib, js-yaml: its dependencies).
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
const yaml = require('js-yaml') as { load: (text: string) => unknown };

interface BuilderConfig {
  appId: string;
  files: string[];
  asarUnpack: string[];
  extraResources: { from: string; to: string }[];
  linux: { target: string[] };
  mac: { target: string };
  win: { target: string };
  electronFuses: Record<string, boolean>;
}

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;

describe('electron-builder.yml', () => {
  it("passes electron-builder's configuration schema", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('packs the bundles and the renderer, unpacks llama.cpp, and ships profiles and the sample beside the app', () => {
    expect(config.appId).toMatch(/\./);
    expect(config.files).toEqual(expect.arrayContaining(['dist/**', 'renderer/dist/**', 'package.json']));
    expect(config.asarUnpack).toEqual(['node_modules/node-llama-cpp/**', 'node_modules/@node-llama-cpp/**']);
    expect(config.extraResources).toEqual([
      { from: 'resources/profiles', to: 'profiles' },
      { from: 'resources/sample', to: 'sample' },
      { from: 'resources/selftest', to: 'selftest' },
    ]);
    for (const { from } of config.extraResources) expect(existsSync(from), from).toBe(true);
    expect(JSON.stringify(config)).not.toMatch(/models\//);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toBe('dmg');
    expect(config.win.target).toBe('nsis');
  });

  it('sets the Electron fuses of the packaged app (issue 12): no run-as-Node, encrypted cookies, ASAR only and checked', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
    // The app is packed into an ASAR (only llama.cpp unpacked), or onlyLoadAppFromAsar would load nothing.
    expect((config as unknown as { asar?: boolean }).asar).not.toBe(false);
  });

  it('names each fuse as electron-builder flips it through @electron/fuses: one key per fuse of FuseV1Options, none left out', () => {
    // electron-builder turns each camelCase key into FuseV1Options[PascalCase]; a misspelt key would be dropped.
    const { FuseV1Options } = require('@electron/fuses') as { FuseV1Options: Record<string, number | string> };
    const fuseNames = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k)));
    const keys = Object.keys(config.electronFuses).map((k) => k[0]!.toUpperCase() + k.slice(1));
    expect(keys.sort()).toEqual(fuseNames.sort());
  });

  it('builds on a supported Electron major (issue 23: 38 had left support; 45 was current)', () => {
    const pinned = (JSON.parse(readFileSync('tools/electron-optional/package.json', 'utf8')) as { optionalDependencies: { electron: string } }).optionalDependencies.electron;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(pinned.split('.')[0])).toBeGreaterThanOrEqual(45);
  });

  it('is what `npm run dist` builds with, from the bundled main', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string; scripts: Record<string, string> };
    expect(pkg.scripts.dist).toContain('electron-builder --config electron-builder.yml');
    expect(pkg.main).toBe('dist/electron/main.mjs');
  });
});
