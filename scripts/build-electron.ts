/**
 * Bundles the Electron side with esbuild:
 *   electron/main/index.ts -> dist/electron/main.mjs + chunks/ (ESM: node-llama-cpp is ESM with
 *       top-level await, which `require` cannot load, so main must import it; dynamic imports
 *       stay lazy chunks; every npm package stays external and is packaged from node_modules by
 *       electron-builder)
 *   the worker threads (electron/services/worker/worker-entries.ts) -> dist/electron/worker.mjs
 *       (reads documents and runs rule strategies) and reader-worker.mjs (HTML, DOCX and PDF
 *       parses under their budgets), next to main.mjs where worker-entries.ts finds them; they share main's chunks
 *   electron/preload.ts    -> dist/electron/preload.cjs (CommonJS, self-contained: a sandboxed
 *       preload can require nothing but 'electron')
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CHUNKS_FOLDER, WORKER_ENTRIES } from '../electron/services/worker/worker-entries';
import { firstLine } from '../shared/text/first-line';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * An ESM bundle for Node of our own code, entry names -> `<outDir>/<name>.mjs`, plus every worker
 * thread's entry next to them (where worker-entries.ts looks). Dynamic imports stay lazy chunks
 * (chunks/ one folder down, so modules that find the app root by walking up see the same depth as
 * in the source tree); every npm package stays external.
 */
export function buildNodeEsm(entryPoints: Record<string, string>, outDir: string) {
  const workers = Object.fromEntries(
    Object.values(WORKER_ENTRIES).map((spec) => [path.basename(spec.bundled, '.mjs'), fileURLToPath(spec.source)]),
  );
  return build({
    entryPoints: { ...entryPoints, ...workers },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: `${CHUNKS_FOLDER}/[name]-[hash]`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
/** `outDir` defaults to dist/electron (what package.json's main names); tests build elsewhere under dist/. */
export async function buildElectron(outDir = path.join(root, 'dist', 'electron')): Promise<{ main: string; preload: string; worker: string }> {
  const main = path.join(outDir, 'main.mjs');
  const worker = path.join(outDir, WORKER_ENTRIES.heavyWork.bundled);
  const preload = path.join(outDir, 'preload.cjs');
  await rm(outDir, { recursive: true, force: true });
  await Promise.all([
    buildNodeEsm({ main: path.join(root, 'electron', 'main', 'index.ts') }, outDir),
    build({
      entryPoints: [path.join(root, 'electron', 'preload.ts')],
      outfile: preload,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: ['node22', 'chrome140'],
      external: ['electron'],
      // Only the contract's method list is used, but it comes with zod: minified, that stays small.
      minify: true,
      logLevel: 'warning',
    }),
  ]);
  return { main, preload, worker };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildElectron().then(
    ({ main, preload }) => process.stderr.write(`built ${path.relative(root, main)} and ${path.relative(root, preload)}\n`),
    (err: unknown) => {
      // esbuild has already printed each error with its location.
      process.stderr.write(`build-electron: ${firstLine(err)}\n`);
      process.exitCode = 1;
    },
  );
}
