/**
 * UI benchmark (a benchmark, not a test: it prints figures and asserts nothing).
 *
 *   npm run bench:ui [-- --chars 5000000 --segments 5000 --runs 3]
 *
 * Builds the benchmark page (bench/ui-page/: the real App over an in-memory contract), serves
 * it on 127.0.0.1, and in Debian's Chromium times: opening a 5 MB document with 5,000 segments
 * until it is painted, and redrawing the boundary decorations after one edit (a boundary moved;
 * a segment split), and jumping elsewhere in the document until painted (smoothness). Each
 * figure is the median of --runs fresh page loads.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { launchChromium } from '../test/e2e/support/browser';
import type { UiBenchFigures } from './ui-page/run-benchmark';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = join(ROOT, 'test-results', 'bench-ui');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
};

export interface UiBenchOptions {
  chars?: number;
  segments?: number;
  runs?: number;
}

export interface UiBenchReport {
  chars: number;
  segments: number;
  runs: number;
  /** Median of the runs, in milliseconds. */
  median: Omit<UiBenchFigures, 'chars' | 'segments'>;
  all: UiBenchFigures[];
}

async function buildBenchPage(): Promise<void> {
  await build({
    configFile: join(ROOT, 'renderer/vite.config.ts'),
    // The page lives in bench/, outside the renderer's root: build from the repository's root.
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: OUT_DIR, emptyOutDir: true, rollupOptions: { input: join(ROOT, 'bench/ui-page/index.html') } },
  });
}

function serveStatic(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = resolve(dir, `.${path}`);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolveServer) => server.listen(0, '127.0.0.1', () => resolveServer(server)));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function measureUi(options: UiBenchOptions = {}): Promise<UiBenchReport> {
  const chars = options.chars ?? 5_000_000;
  const segments = options.segments ?? 5_000;
  const runs = options.runs ?? 3;
  await buildBenchPage();
  const server = await serveStatic(OUT_DIR);
  const browser = await launchChromium();
  try {
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/bench/ui-page/index.html?chars=${chars}&segments=${segments}`;
    const all: UiBenchFigures[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await page.goto(url);
      await page.waitForFunction(() => window.__uiBench !== undefined);
      const figures = await page.evaluate(() => window.__uiBench!);
      if (errors.length) throw new Error(`the benchmark page failed: ${errors[0]}`);
      all.push(figures);
      await page.close();
    }
    const pick = (key: keyof UiBenchReport['median']) => median(all.map((f) => f[key]));
    return {
      chars: all[0]!.chars,
      segments,
      runs,
      median: {
        openAndPaintMs: pick('openAndPaintMs'),
        openDocumentMs: pick('openDocumentMs'),
        openResultMs: pick('openResultMs'),
        openLayersMs: pick('openLayersMs'),
        moveBoundaryMs: pick('moveBoundaryMs'),
        moveBoundaryLayersMs: pick('moveBoundaryLayersMs'),
        splitMs: pick('splitMs'),
        splitLayersMs: pick('splitLayersMs'),
        scrollJumpMs: pick('scrollJumpMs'),
      },
      all,
    };
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
}

function flag(argv: string[], name: string): number | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = Number(argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

async function main(argv: string[]): Promise<void> {
  const report = await measureUi({ chars: flag(argv, 'chars'), segments: flag(argv, 'segments'), runs: flag(argv, 'runs') });
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const m = report.median;
  console.log(`UI benchmark: ${(report.chars / 1e6).toFixed(2)} M chars, ${report.segments} segments, median of ${report.runs} page loads`);
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}, Chromium headless (software rendering)`);
  console.log(`open and paint            ${ms(m.openAndPaintMs)}`);
  console.log(`  document in the store   ${ms(m.openDocumentMs)}  (read, base64, service call)`);
  console.log(`  result in the store     ${ms(m.openResultMs)}  (text model and view built by then)`);
  console.log(`  segment layers drawn    ${ms(m.openLayersMs)}  (decorations and zones, once)`);
  console.log(`move one boundary         ${ms(m.moveBoundaryMs)}  (decorations ${ms(m.moveBoundaryLayersMs)})`);
  console.log(`split one segment         ${ms(m.splitMs)}  (decorations ${ms(m.splitLayersMs)})`);
  console.log(`jump and paint elsewhere  ${ms(m.scrollJumpMs)}  (median of 25 jumps through the document)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  });
}
