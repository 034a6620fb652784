/**
 * Where each worker thread's entry file is, in every shape the code runs in: from source (tsx,
 * vitest) it is the .ts module itself; in a bundle (dist/cli for the installed command,
 * dist/electron for the desktop app: scripts/build-electron.ts's buildNodeEsm) every worker entry
 * is emitted as `<bundled>` in the bundle's own folder, next to main.mjs. This module then lands
 * either in one of those entry files or in a shared chunk one folder down (CHUNKS_FOLDER), so the
 * entry is found from its own URL, whichever process, bundle or thread asks.
 */

/** Where buildNodeEsm puts the shared chunks, relative to the bundle's folder. */
export const CHUNKS_FOLDER = 'chunks';

export interface WorkerEntrySpec {
  /** The entry's source, relative to this module. */
  source: URL;
  /** Its file name in a bundle's folder. */
  bundled: string;
}

export const WORKER_ENTRIES = {
  /** Reading documents and rule strategies (heavy-work.ts), for the service's pool. */
  heavyWork: { source: new URL('./heavy-work.ts', import.meta.url), bundled: 'worker.mjs' },
  /** One HTML, DOCX or PDF parse under its time and memory budget (electron/readers/reader-worker.ts). */
  documentReader: { source: new URL('../../readers/reader-worker.ts', import.meta.url), bundled: 'reader-worker.mjs' },
} as const satisfies Record<string, WorkerEntrySpec>;

export type WorkerEntryName = keyof typeof WORKER_ENTRIES;

/** True when this module runs from its TypeScript source rather than from a bundle. */
export function runningFromSource(moduleUrl: string = import.meta.url): boolean {
  return moduleUrl.endsWith('.ts');
}

/** The URL a Worker starts for `name`: the .ts source from source, else `<bundle folder>/<bundled>`. */
export function workerEntry(name: WorkerEntryName, moduleUrl: string = import.meta.url): URL {
  const spec = WORKER_ENTRIES[name];
  if (runningFromSource(moduleUrl)) return spec.source;
  const here = new URL('.', moduleUrl);
  const bundleFolder = here.pathname.endsWith(`/${CHUNKS_FOLDER}/`) ? new URL('..', here) : here;
  return new URL(spec.bundled, bundleFolder);
}
