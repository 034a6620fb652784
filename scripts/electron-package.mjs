/**
 * postinstall (plain Node, no dependencies: it runs before anything is built).
 *
 * Electron is an optional dependency, so `npm install` succeeds on a machine that cannot reach
 * Electron's download host: its own postinstall (install.js) fails there, and npm, instead of
 * failing the whole install, removes the package. The package itself comes from the npm registry
 * like any other, and the rest of the project needs it even without the binary: its types for
 * the type-check, its version for electron-builder. So it is put back here, without running its
 * download. `npm start` then serves the UI in a browser; `npm rebuild electron` retries the
 * download later.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import process from 'node:process';

const spec = JSON.parse(readFileSync('tools/electron-optional/package.json', 'utf8')).optionalDependencies?.electron;
if (!spec || existsSync('node_modules/electron/package.json')) process.exit(0);

process.stderr.write(
  "\nElectron's binary could not be downloaded, so npm left Electron out. Installing its package without the binary:\n" +
    '`npm start` will serve the workbench in your browser instead of opening its window (`npm rebuild electron` retries the download).\n\n',
);
const restored = spawnSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `electron@${spec}`], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (restored.status !== 0) {
  // Still no reason to fail the install: the UI runs without Electron; only its type-check needs it.
  process.stderr.write(`could not install the electron package (${restored.error?.message ?? `npm exited with ${restored.status}`}); the type-check of electron/ needs it\n`);
}
