/**
 * Bundles the command line with esbuild: electron/cli/main.ts -> dist/cli/main.mjs, each command a
 * lazy chunk, so `segment-workbench` starts with plain `node` (no TypeScript compiled per call).
 * The worker threads come along (dist/cli/worker.mjs, reader-worker.mjs: buildNodeEsm adds them), so
 * the installed `serve` reads documents and runs rule strategies off its event loop like the tsx entry.
 * Runs on `npm install` (the `prepare` script) and in `npm run build`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeEsm } from './build-electron';
import { firstLine } from '../shared/text/first-line';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = path.join(root, 'dist', 'cli', 'main.mjs');

export async function buildCli(outDir = path.dirname(CLI_BUNDLE)): Promise<string> {
  await rm(outDir, { recursive: true, force: true });
  await buildNodeEsm({ main: path.join(root, 'electron', 'cli', 'main.ts') }, outDir);
  return path.join(outDir, 'main.mjs');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli().then(
    (file) => process.stderr.write(`built ${path.relative(root, file)}\n`),
    (err: unknown) => {
      process.stderr.write(`build-cli: ${firstLine(err)}\n`);
      process.exitCode = 1;
    },
  );
}
