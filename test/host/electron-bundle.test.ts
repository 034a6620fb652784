/**
 * The Electron bundles build, and keep the shape Electron needs: a sandboxed preload may require
 * nothing but 'electron', and the main bundle leaves no relative import behind. (Electron itself
 * never starts on these machines, so this is as far as the bundles are checked here.)
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildElectron } from '../../scripts/build-electron';
import { DEFAULT_BUDGETS } from '../../shared/budgets/budgets';
import { WorkerPool } from '../../electron/services/worker/worker-pool';
import { makePdf } from '../cli/support/make-pdf';

// Its own folder under dist/ (npm packages still resolve from there), apart from other tests' builds.
const outDir = path.resolve('dist', `test-bundle-${process.pid}`);
afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('scripts/build-electron', () => {
  it('bundles main (ESM) and a self-contained CommonJS preload', async () => {
    const { main, preload, worker } = await buildElectron(outDir);
    const preloadCode = await readFile(preload, 'utf8');
    const required = new Set([...preloadCode.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
    expect([...required]).toEqual(['electron']);
    expect(preloadCode).toContain('workbench:call');
    expect(preloadCode).toContain('exposeInMainWorld');

    const mainCode = await readFile(main, 'utf8');
    const importsOf = (code: string) =>
      [...code.matchAll(/\bfrom\s*"([^"]+)"/g), ...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1] ?? '');
    expect(importsOf(mainCode)).toContain('electron');
    expect(mainCode).toContain('registerSchemesAsPrivileged');
    // Lazy parts (llama.cpp, readers) are chunks next to main; none is missing.
    // The worker thread's bundle sits next to main (where electron/main/index.ts looks for it).
    expect(path.dirname(worker)).toBe(path.dirname(main));
    expect(importsOf(await readFile(worker, 'utf8'))).not.toContain('electron');
    const chunks = new Set([main, worker]);
    for (const file of chunks) {
      for (const name of importsOf(await readFile(file, 'utf8')).filter((n) => n.startsWith('.'))) {
        const target = path.resolve(path.dirname(file), name);
        expect(existsSync(target), `${path.basename(file)} imports ${name}`).toBe(true);
        chunks.add(target);
      }
    }
    // Opening the window does not load llama.cpp: no static import reaches it from main.
    const staticGraph = new Set([main]);
    const staticImports: string[] = [];
    for (const file of staticGraph) {
      for (const [, name = ''] of (await readFile(file, 'utf8')).matchAll(/\bfrom\s*"([^"]+)"/g)) {
        staticImports.push(name);
        if (name.startsWith('.')) staticGraph.add(path.resolve(path.dirname(file), name));
      }
    }
    expect(staticImports).toContain('electron');
    expect(staticImports).not.toContain('node-llama-cpp');
  });

  it('bundles a worker thread that reads documents and runs rule strategies without tsx', async () => {
    const { worker } = await buildElectron(outDir);
    const pool = new WorkerPool(pathToFileURL(worker));
    try {
      const bytes = new TextEncoder().encode('# Title\n\nA first paragraph.\n\nA second one.\n');
      const doc = await pool.run({ kind: 'read-document-bytes', name: 'note.md', bytes, budgets: DEFAULT_BUDGETS });
      expect(doc.text).toBe('# Title\n\nA first paragraph.\n\nA second one.\n');
      const result = await pool.run({ kind: 'run-rule-strategy', request: { text: doc.text, info: doc.info, strategy: 'sentence-rules', options: {} } });
      expect(result.segmentation.boundaries.length).toBeGreaterThan(0);
      // A PDF, an HTML page or a .docx is parsed in a worker of its own, which the bundled worker finds next to it (reader-worker.mjs).
      expect(existsSync(path.join(path.dirname(worker), 'reader-worker.mjs'))).toBe(true);
      const pdf = await pool.run({ kind: 'read-document-bytes', name: 'one.pdf', bytes: makePdf([[{ text: 'Hello from a PDF.', y: 700 }]]), budgets: DEFAULT_BUDGETS });
      expect(pdf.text).toBe('Hello from a PDF.\n');
      const html = await pool.run({ kind: 'read-document-bytes', name: 'one.html', bytes: new TextEncoder().encode('<h2>Hello</h2><p>from a page.</p>'), budgets: DEFAULT_BUDGETS });
      expect(html.text).toBe('## Hello\n\nfrom a page.\n');
    } finally {
      await pool.dispose();
    }
  });
});
