/**
 * UI benchmark (a benchmark, not a test: it prints figures and asserts nothing).
 *
 *   npm run bench:ui [-- --chars 5000000 --segments 5000 --runs 3]
 *   npm run bench:ui -- --open-only --chars 50000000 --segments 50000 --runs 1
 *   npm run bench:ui -- ... --profile open.cpuprofile   (the first load's CPU profile, for DevTools)
 *   npm run bench:ui -- ... --page DIR   (serve a page built earlier: a kept copy of test-results/bench-ui)
 *   npm run bench:ui -- ... --keys after-frame   (every key right after a frame: the worst case, as before)
 *
 * Builds the benchmark page (bench/ui-page/: the real App over an in-memory contract), serves
 * it on 127.0.0.1, and in Debian's Chromium times: opening a 5 MB document with 5,000 segments
 * until it is painted (with the longest frozen moment and whether progress showed meanwhile);
 * then 50 consecutive boundary moves, splits, merges and undos, each from its key press to the
 * painted result (median, p95 and the median parts), each key at a seeded random moment of the
 * display's frame as a person's comes (--keys after-frame: right after one), once the page has
 * settled after the untimed step before it; and jumping elsewhere in the document until
 * painted (smoothness). Each figure is the median of --runs fresh page loads.
 */
import { createReadStream, existsSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from '../test/e2e/support/browser';
import type { KeyPhase, UiBenchFigures } from './ui-page/run-benchmark';
import type { EditFigures } from './ui-page/edit-timing';
import { errorMessage } from '../shared/text/error-message';

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
  /** Only open the document (no edits): for the 50 MB figure. */
  openOnly?: boolean;
  /** Writes the first page load's CPU profile (Chrome DevTools' .cpuprofile) to this file. */
  profilePath?: string;
  /**
   * Serves this already built benchmark page instead of building one: a copy of test-results/bench-ui
   * kept from another commit, to measure before and after one after the other under the same load.
   */
  pageDir?: string;
  /** Where in the display's frame each key comes (see bench/ui-page/edit-timing.ts). */
  keyPhase?: KeyPhase;
}

type EditKind = 'move' | 'split' | 'merge' | 'undo';
const EDIT_KINDS: readonly EditKind[] = ['move', 'split', 'merge', 'undo'];
type OpenFigures = Omit<UiBenchFigures, 'chars' | 'segments' | EditKind | 'scrollJumpMs' | 'frameIntervalMs' | 'idleFrameMs' | 'keyPhase'>;

export interface UiBenchReport {
  chars: number;
  segments: number;
  runs: number;
  /** Median of the runs, in milliseconds; each edit figure is the median of the runs' own figures. */
  median: OpenFigures & {
    /** The median edit times, kept under their old names (`bench speed` reads them). */
    moveBoundaryMs: number;
    splitMs: number;
    edits: Partial<Record<EditKind, EditFigures>>;
    frameIntervalMs?: number;
    idleFrameMs?: number;
    scrollJumpMs?: number;
  };
  all: UiBenchFigures[];
}

/** `readable`: unminified, so a profile names the functions. */
async function buildBenchPage(readable = false): Promise<void> {
  await build({
    configFile: join(ROOT, 'renderer/vite.config.ts'),
    // The page lives in bench/, outside the renderer's root: build from the repository's root.
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: OUT_DIR, emptyOutDir: true, minify: !readable, rollupOptions: { input: join(ROOT, 'bench/ui-page/index.html') } },
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
  if (!options.pageDir) await buildBenchPage(options.profilePath !== undefined);
  const server = await serveStatic(options.pageDir ? resolve(options.pageDir) : OUT_DIR);
  const browser = await launchChromium();
  try {
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/bench/ui-page/index.html?chars=${chars}&segments=${segments}&edits=${options.openOnly ? 0 : 1}&phase=${options.keyPhase ?? 'random'}`;
    const all: UiBenchFigures[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      const profiler = i === 0 && options.profilePath ? await startProfile(page) : null;
      await page.goto(url);
      await page.waitForFunction(() => window.__uiBench !== undefined);
      const figures = await page.evaluate(() => window.__uiBench!);
      if (profiler) writeFileSync(options.profilePath!, JSON.stringify(await profiler.stop()));
      if (errors.length) throw new Error(`the benchmark page failed: ${errors[0]}`);
      all.push(figures);
      await page.close();
    }
    return { chars: all[0]!.chars, segments, runs, median: medians(all), all };
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
}

/** Samples the page's main thread every 200 µs (DevTools' Profiler domain) until `stop`. */
async function startProfile(page: Page): Promise<{ stop(): Promise<unknown> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return { stop: async () => (await cdp.send('Profiler.stop')).profile };
}

function medians(all: readonly UiBenchFigures[]): UiBenchReport['median'] {
  const pick = (get: (f: UiBenchFigures) => number | undefined) => median(all.map(get).filter((v) => v !== undefined));
  const edits: Partial<Record<EditKind, EditFigures>> = {};
  for (const kind of EDIT_KINDS) {
    if (all[0]![kind] === undefined) continue;
    const of = (key: keyof EditFigures) => pick((f) => f[kind]?.[key]);
    edits[kind] = { edits: of('edits'), medianMs: of('medianMs'), p95Ms: of('p95Ms'), reactMs: of('reactMs'), layersMs: of('layersMs'), paintMs: of('paintMs'), frameWaitMs: of('frameWaitMs'), frameMs: of('frameMs'), monacoMs: of('monacoMs') };
  }
  return {
    openAndPaintMs: pick((f) => f.openAndPaintMs),
    openDocumentMs: pick((f) => f.openDocumentMs),
    openResultMs: pick((f) => f.openResultMs),
    openLayersMs: pick((f) => f.openLayersMs),
    openLongestTaskMs: pick((f) => f.openLongestTaskMs),
    openLongestTaskByStageMs: {
      document: pick((f) => f.openLongestTaskByStageMs?.document),
      result: pick((f) => f.openLongestTaskByStageMs?.result),
      layers: pick((f) => f.openLongestTaskByStageMs?.layers),
    },
    openFrames: pick((f) => f.openFrames),
    openFramesWithProgress: pick((f) => f.openFramesWithProgress),
    moveBoundaryMs: edits.move?.medianMs ?? NaN,
    splitMs: edits.split?.medianMs ?? NaN,
    edits,
    frameIntervalMs: all[0]!.frameIntervalMs === undefined ? undefined : pick((f) => f.frameIntervalMs),
    idleFrameMs: all[0]!.idleFrameMs === undefined ? undefined : pick((f) => f.idleFrameMs),
    scrollJumpMs: all[0]!.scrollJumpMs === undefined ? undefined : pick((f) => f.scrollJumpMs),
  };
}

function flag(argv: string[], name: string): number | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = Number(argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

function path(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a path`);
  return value;
}

function keys(argv: string[]): KeyPhase {
  const i = argv.indexOf('--keys');
  if (i < 0) return 'random';
  const value = argv[i + 1];
  if (value !== 'random' && value !== 'after-frame') throw new Error('--keys needs random or after-frame');
  return value;
}

const EDIT_NAMES: Record<EditKind, string> = {
  move: 'move one boundary (Alt+Down)',
  split: 'split a segment (S)',
  merge: 'merge with the next (M)',
  undo: 'undo (Ctrl+Z)',
};

async function main(argv: string[]): Promise<void> {
  const openOnly = argv.includes('--open-only');
  const profilePath = path(argv, 'profile');
  const pageDir = path(argv, 'page');
  const keyPhase = keys(argv);
  const report = await measureUi({ chars: flag(argv, 'chars'), segments: flag(argv, 'segments'), runs: flag(argv, 'runs'), openOnly, profilePath, pageDir, keyPhase });
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const m = report.median;
  console.log(`UI benchmark: ${(report.chars / 1e6).toFixed(2)} M chars, ${report.segments} segments, median of ${report.runs} page loads`);
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} x${os.cpus().length}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, Chromium headless (software rendering)`);
  console.log(`open and paint            ${ms(m.openAndPaintMs)}`);
  console.log(`  document in the store   ${ms(m.openDocumentMs)}  (read, base64, service call)`);
  console.log(`  result in the store     ${ms(m.openResultMs)}  (text model and view built by then)`);
  console.log(`  segment layers drawn    ${ms(m.openLayersMs)}  (decorations and zones, once)`);
  console.log(`  longest frozen moment   ${ms(m.openLongestTaskMs)}  (longest task while opening)`);
  const byStage = m.openLongestTaskByStageMs;
  // A page built before these figures existed (--page) reports none.
  if (Number.isFinite(byStage.layers))
    console.log(`    by stage              ${ms(byStage.document)} to the document, ${ms(byStage.result)} to the result, ${ms(byStage.layers)} drawing the layers`);
  console.log(`  progress shown          ${m.openFramesWithProgress} of ${m.openFrames} frames while opening`);
  if (m.frameIntervalMs !== undefined)
    console.log(`edits: keys ${keyPhase === 'random' ? 'at a seeded random moment of' : 'right after'} the display's frame (interval ${ms(m.frameIntervalMs)}), each once the page has settled (a frame with nothing changed)`);
  for (const kind of EDIT_KINDS) {
    const e = m.edits[kind];
    if (!e) continue;
    console.log(
      `${EDIT_NAMES[kind].padEnd(30)} median ${ms(e.medianMs)}, p95 ${ms(e.p95Ms)} over ${e.edits} in a row` +
        `  (input to render ${ms(e.reactMs)}, layers ${ms(e.layersMs)}, ` +
        (Number.isFinite(e.frameMs) ? `waiting for the frame ${ms(e.frameWaitMs)}, the frame's render ${ms(e.frameMs)}, of which Monaco ${ms(e.monacoMs)})` : `layout and paint ${ms(e.paintMs)})`),
    );
  }
  if (m.idleFrameMs !== undefined)
    console.log(`a frame with nothing changed       median ${ms(m.idleFrameMs)}  (the floor: the same wait for the frame, and the browser's own frame)`);
  if (m.scrollJumpMs !== undefined) console.log(`jump and paint elsewhere  ${ms(m.scrollJumpMs)}  (median of 25 jumps through the document)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(`error: ${errorMessage(err)}`);
    process.exitCode = 1;
  });
}
