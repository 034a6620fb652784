/**
 * The lab stays out of the product: the installed command's bundle (dist/cli) holds no benchmark
 * code and imports no devDependency (the peers the benchmarks measure against, LangChain and
 * chonkie, the test corpora, the build tools). Built into a folder of its own, then read: the
 * source maps say which files went in, the chunks which packages they import.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli';
import { REPO_ROOT } from './support/run-cli';

let outDir: string;
const files: { name: string; text: string }[] = [];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  await readdir(path.join(REPO_ROOT, 'dist')).catch(() => []);
  outDir = await mkdtemp(path.join(REPO_ROOT, 'dist', 'cli-contents-'));
  await buildCli(outDir);
  for (const file of await listFiles(outDir)) files.push({ name: file, text: await readFile(file, 'utf8') });
}, 120_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

/** The bare package names a chunk imports (static, dynamic and re-exports). */
function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  // esbuild writes them with double quotes: `import x from "pkg";`, `export { x } from "pkg";`, `import("pkg")`, `import "pkg";`.
  const statements = /(?:^|\n)\s*(?:import|export)\b[^;"'`]*?\bfrom\s*"([^"./][^"]*)"|\bimport\(\s*"([^"./][^"]*)"\s*\)|(?:^|\n)\s*import\s*"([^"./][^"]*)"/g;
  for (const match of code.matchAll(statements)) {
    const specifier = (match[1] ?? match[2] ?? match[3]) as string;
    if (specifier.startsWith('node:')) continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
  }
  return names;
}

describe('the product CLI bundle', () => {
  it('is built from no benchmark file', () => {
    const sources = files.filter((f) => f.name.endsWith('.map')).flatMap((f) => (JSON.parse(f.text) as { sources: string[] }).sources);
    expect(sources.length).toBeGreaterThan(50);
    const fromBench = sources.map((s) => path.relative(REPO_ROOT, path.resolve(outDir, 'chunks', s))).filter((s) => s.startsWith(`bench${path.sep}`));
    expect(fromBench).toEqual([]);
    // The map paths are relative to their chunk: the product's own files do show up.
    expect(sources.some((s) => s.endsWith('electron/cli/main.ts'))).toBe(true);
  });

  it('imports no devDependency, and every package it imports is a dependency', async () => {
    const pkg = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const imported = new Set(files.filter((f) => f.name.endsWith('.mjs')).flatMap((f) => [...importedPackages(f.text)]));
    expect(imported.size).toBeGreaterThan(3);
    const dev = [...imported].filter((name) => Object.hasOwn(pkg.devDependencies, name));
    expect(dev).toEqual([]);
    const unknown = [...imported].filter((name) => !Object.hasOwn(pkg.dependencies, name));
    expect(unknown).toEqual([]);
  });

  it('has no bench command', () => {
    const main = files.find((f) => f.name === path.join(outDir, 'main.mjs'));
    expect(main?.text).toBeDefined();
    expect(main?.text).not.toMatch(/commands\/bench/);
  });
});
