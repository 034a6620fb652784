/**
 * Starting a worker thread on its entry, bundled (.mjs: plain Node) or from source (.ts: through
 * tsx's loader, registered inside the worker). Used by the pool (worker-pool.ts) and by the PDF
 * readers' budgeted worker (electron/readers/budgeted-read.ts); the entries: worker-entries.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM register API, by its package's export map (require.resolve would pick the CommonJS build). */
function tsxEsmApi(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = JSON.parse(readFileSync(packageJson, 'utf8')).exports as Record<string, { import: { default: string } }>;
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(packageJson)).href;
}

/** Starts a worker on a bundled (.mjs) or source (.ts) entry; used by the pool and by the readers' budgeted worker. */
export function startWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  // A TypeScript entry: the worker registers tsx's loader first (an `--import tsx` in execArgv does not reach workers).
  const bootstrap = `import(${JSON.stringify(tsxEsmApi())}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
