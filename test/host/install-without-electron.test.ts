/**
 * `npm install` completes where Electron's binary cannot be downloaded (issue 11: a first run
 * without surprises). Electron reaches the project as an optional dependency of the local
 * tools/electron-optional package; its download fails here (a mirror on a closed port), npm leaves
 * it out instead of failing, and the root postinstall puts the package back without the binary.
 * Run in a scratch project holding exactly the root's Electron wiring (package.json entries and
 * the two files), from npm's cache where it can, so it costs one small install rather than the
 * whole tree.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../support/scratch-dir';

const root = path.resolve(import.meta.dirname, '../..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const project = scratchDir('install-without-electron-');

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function npmInstall(cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd, env, shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm install where Electron cannot be downloaded', () => {
  it('exits 0, keeps the electron package (types, version) without its binary, and says what start will do', async () => {
    mkdirSync(path.join(project, 'scripts'));
    cpSync(path.join(root, 'tools'), path.join(project, 'tools'), { recursive: true });
    cpSync(path.join(root, 'scripts', 'electron-package.mjs'), path.join(project, 'scripts', 'electron-package.mjs'));
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({
        name: 'install-probe',
        private: true,
        devDependencies: { 'electron-optional': rootPackage.devDependencies['electron-optional'] },
        scripts: { postinstall: rootPackage.scripts.postinstall },
      }),
    );
    const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`, electron_config_cache: path.join(project, 'electron-cache') };
    // The download must really be attempted, and fail.
    delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
    delete env.npm_config_electron_mirror;
    delete env.ELECTRON_OVERRIDE_DIST_PATH;

    const { code, output } = await npmInstall(project, env);
    expect(code, output).toBe(0);
    expect(output).toContain("Electron's binary could not be downloaded");
    const electron = path.join(project, 'node_modules', 'electron');
    expect(existsSync(path.join(electron, 'electron.d.ts'))).toBe(true);
    expect(existsSync(path.join(electron, 'dist'))).toBe(false);
    const installed = JSON.parse(readFileSync(path.join(electron, 'package.json'), 'utf8')) as { version: string };
    const wanted = JSON.parse(readFileSync(path.join(root, 'tools', 'electron-optional', 'package.json'), 'utf8')) as { optionalDependencies: { electron: string } };
    expect(installed.version).toBe(wanted.optionalDependencies.electron);
  }, 300_000);
});
