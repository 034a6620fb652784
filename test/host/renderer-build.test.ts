/**
 * `cli serve` and `npm start` build the renderer when renderer/dist is missing or older than its
 * sources (renderer/, shared/), once even when several servers start together.
 */
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ensureRendererBuilt, rendererBuildReason, runRendererBuild } from '../../electron/web-host/renderer-build';
import { scratchDir } from '../support/scratch-dir';

function makeRoot(parent: string, name: string): string {
  const root = path.join(parent, name);
  mkdirSync(path.join(root, 'renderer', 'features'), { recursive: true });
  mkdirSync(path.join(root, 'shared', 'document'), { recursive: true });
  writeFileSync(path.join(root, 'renderer', 'features', 'App.tsx'), 'export {};\n');
  writeFileSync(path.join(root, 'shared', 'document', 'types.ts'), 'export {};\n');
  return root;
}

/** What a build leaves: renderer/dist/index.html, written now. */
async function fakeBuild(root: string): Promise<void> {
  mkdirSync(path.join(root, 'renderer', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'renderer', 'dist', 'index.html'), '<!doctype html>');
}

/** Marks a file as modified in the future (a minute by default): newer than a build made now. */
function touchLater(file: string, aheadMs = 60_000): void {
  const later = new Date(Date.now() + aheadMs);
  utimesSync(file, later, later);
}

const parent = scratchDir('renderer-build-');

describe('building the renderer when it is missing or outdated', () => {
  it('builds when dist is missing, not when it is fresh, and again once a renderer or shared source is newer', async () => {
    const root = makeRoot(parent, 'stale');
    const build = vi.fn(fakeBuild);
    expect(await rendererBuildReason(root)).toBe('missing');
    expect(await ensureRendererBuilt(root, { build })).toBe('missing');
    expect(build).toHaveBeenCalledTimes(1);
    expect(await ensureRendererBuilt(root, { build })).toBeNull();
    expect(build).toHaveBeenCalledTimes(1);

    touchLater(path.join(root, 'shared', 'document', 'types.ts'));
    expect(await rendererBuildReason(root)).toBe('outdated');
    const told = vi.fn();
    const buildAsOfShared = async (r: string) => {
      await fakeBuild(r);
      touchLater(path.join(r, 'renderer', 'dist', 'index.html'));
    };
    expect(await ensureRendererBuilt(root, { build: buildAsOfShared, onBuild: told })).toBe('outdated');
    expect(told).toHaveBeenCalledWith('outdated');

    expect(await rendererBuildReason(root)).toBeNull();
    touchLater(path.join(root, 'renderer', 'features', 'App.tsx'), 120_000);
    expect(await rendererBuildReason(root)).toBe('outdated');
  });

  it('builds once when several servers start at the same time', async () => {
    const root = makeRoot(parent, 'together');
    let builds = 0;
    const slowBuild = async (r: string) => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fakeBuild(r);
    };
    const outcomes = await Promise.all([1, 2, 3].map(() => ensureRendererBuilt(root, { build: slowBuild })));
    expect(builds).toBe(1);
    expect(outcomes.filter((o) => o === 'missing')).toHaveLength(1);
    expect(existsSync(path.join(root, 'renderer', '.dist-build.lock'))).toBe(false);
  });

  it('takes over a lock left by a build whose process is gone', async () => {
    const root = makeRoot(parent, 'abandoned');
    // A pid no process has: the largest Linux allows is 2^22.
    writeFileSync(path.join(root, 'renderer', '.dist-build.lock'), String(2 ** 22 + 1));
    const build = vi.fn(fakeBuild);
    expect(await ensureRendererBuilt(root, { build })).toBe('missing');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("runs the project's own `npm run build:renderer` in the root it is given", async () => {
    const root = makeRoot(parent, 'npm');
    const script = "require('fs').mkdirSync('renderer/dist',{recursive:true});require('fs').writeFileSync('renderer/dist/index.html','built by npm')";
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'fake', private: true, scripts: { 'build:renderer': `node -e "${script}"` } }));
    expect(await ensureRendererBuilt(root, { build: runRendererBuild })).toBe('missing');
    expect(readFileSync(path.join(root, 'renderer', 'dist', 'index.html'), 'utf8')).toBe('built by npm');
  });
});
