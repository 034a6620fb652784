/**
 * The built renderer (renderer/dist) is made from renderer/ and shared/: `cli serve` and
 * `npm start` build it when it is missing or older than any of those sources, so a fresh clone or
 * an edited source never serves a stale or absent page. Several servers starting at once (the
 * e2e tests do) build it once: the first takes a lock file, the others wait for it and then find
 * the build fresh.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isRunning } from '../services/workspace/storage/atomic-file';

export const SOURCE_DIRS = ['renderer', 'shared'] as const;
const BUILD_SCRIPT = 'build:renderer';
const LOCK_FILE = '.dist-build.lock';
/** A lock older than this, or whose process is gone, was left by a build that died: it is taken over. */
const STALE_LOCK_MS = 10 * 60_000;
const LOCK_POLL_MS = 250;

export type BuildReason = 'missing' | 'outdated';

function distIndex(rootDir: string): string {
  return path.join(rootDir, 'renderer', 'dist', 'index.html');
}

/** The newest modification time of any file under dir, skipping the build output and the lock. */
async function newestSource(dir: string, skip: Set<string>): Promise<number> {
  let newest = 0;
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (skip.has(full) || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) newest = Math.max(newest, await newestSource(full, skip));
    else if (entry.isFile()) newest = Math.max(newest, (await fs.stat(full)).mtimeMs);
  }
  return newest;
}

/** Why the renderer needs building, or null when renderer/dist is newer than every source. */
export async function rendererBuildReason(rootDir: string): Promise<BuildReason | null> {
  let built: number;
  try {
    built = (await fs.stat(distIndex(rootDir))).mtimeMs;
  } catch {
    return 'missing';
  }
  const skip = new Set([path.join(rootDir, 'renderer', 'dist'), path.join(rootDir, 'renderer', LOCK_FILE)]);
  for (const dir of SOURCE_DIRS) {
    if ((await newestSource(path.join(rootDir, dir), skip)) > built) return 'outdated';
  }
  return null;
}

/** `npm run build:renderer` in rootDir, its output on stderr (stdout is for the URL line). */
export function runRendererBuild(rootDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', BUILD_SCRIPT], {
      cwd: rootDir,
      // Always the production build: a NODE_ENV inherited from a test runner (vitest sets 'test')
      // would make Vite bundle React's development build, StrictMode's double effects and all.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', process.stderr, process.stderr],
      shell: process.platform === 'win32',
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run ${BUILD_SCRIPT} exited with ${code}`))));
  });
}

/** The lock's builder was killed (a server stopped mid-build) or has hung for too long. */
async function abandoned(lock: string): Promise<boolean> {
  const [stat, owner] = await Promise.all([fs.stat(lock).catch(() => null), fs.readFile(lock, 'utf8').catch(() => '')]);
  if (!stat) return false;
  const pid = Number(owner);
  // An empty file is one being written this instant: only its age can tell.
  if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) return true;
  return Date.now() - stat.mtimeMs > STALE_LOCK_MS;
}

async function takeLock(lock: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      const handle = await fs.open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => fs.rm(lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (await abandoned(lock)) await fs.rm(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

export interface EnsureOptions {
  /** The build itself; `npm run build:renderer` unless a test hands in another. */
  build?: (rootDir: string) => Promise<void>;
  /** Told once, before a build starts. */
  onBuild?: (reason: BuildReason) => void;
}

/** Builds renderer/dist when it is missing or outdated; says whether it did. */
export async function ensureRendererBuilt(rootDir: string, { build = runRendererBuild, onBuild }: EnsureOptions = {}): Promise<BuildReason | null> {
  const reason = await rendererBuildReason(rootDir);
  if (!reason) return null;
  const release = await takeLock(path.join(rootDir, 'renderer', LOCK_FILE));
  try {
    // Another process may have built it while this one waited for the lock.
    const still = await rendererBuildReason(rootDir);
    if (!still) return null;
    onBuild?.(still);
    await build(rootDir);
    return still;
  } finally {
    await release();
  }
}
