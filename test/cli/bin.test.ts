/** The installed command: the esbuild bundle behind bin/segment-workbench.mjs, and standard input as a file. */
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BudgetError } from '../../shared/budgets/budgets';
import { readStdin } from '../../electron/cli/stdin';
import { REPO_ROOT, runCliFromSource } from './support/run-cli';

const bin = path.join(REPO_ROOT, 'bin', 'segment-workbench.mjs');
const fixture = path.join(REPO_ROOT, 'test', 'fixtures', 'docs', 'markdown-code.md');

/** Runs the installed command with `input` piped to its standard input. */
function runBin(args: string[], input: Buffer | string = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: REPO_ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('segment-workbench (bundled bin)', () => {
  // dist/cli is built once for the whole run (test/support/cli-bundle.ts): rebuilding it here would
  // remove it under files that run it in parallel.
  it('is declared as the package bin and runs without TypeScript tooling', async () => {
    const pkg = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ 'segment-workbench': 'bin/segment-workbench.mjs' });
    const { stdout } = await promisify(execFile)(process.execPath, [bin, '--help']);
    expect(stdout).toMatch(/^usage: cli <command>/);
  });

  it('segments standard input exactly as the source CLI segments the file', async () => {
    const [piped, direct] = await Promise.all([
      runBin(['segment', '-', '--name', 'markdown-code.md', '--format', 'jsonl'], await readFile(fixture)),
      runCliFromSource(['segment', fixture, '--format', 'jsonl']),
    ]);
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(direct.stdout);
  });

  it('converts a segmentation read from standard input, and refuses a bad one with one error line', async () => {
    const json = (await runBin(['segment', '-', '--name', 'notes.md'], await readFile(fixture))).stdout;
    const csv = await runBin(['convert', '-', '--to', 'csv'], json);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n')[0]).toMatch(/^document,sha256,strategy/);
    const bad = await runBin(['convert', '-', '--to', 'csv'], '{"not": "a segmentation"}');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: stdin\.json: [^\n]+\n$/);
  });
});

describe('readStdin', () => {
  it('refuses input past its byte limit instead of growing without bound', async () => {
    await expect(readStdin(10, Readable.from([Buffer.from('x'.repeat(8)), Buffer.from('x'.repeat(8))]))).rejects.toThrow(BudgetError);
    expect(new TextDecoder().decode(await readStdin(10, Readable.from([Buffer.from('héllo')])))).toBe('héllo');
  });
});
