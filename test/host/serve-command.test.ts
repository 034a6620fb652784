/** `cli serve` as a user runs it: one URL line on stdout, loopback only, a clean exit on SIGTERM. */
import { execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { get } from './http-helpers';

const cli = ['--import', 'tsx', path.resolve('electron/cli/main.ts'), 'serve'];

describe('cli serve', () => {
  it('prints exactly one line, the tokened URL, then stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [...cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const stdoutLines: string[] = [];
    const firstLine = new Promise<string>((resolve) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        stdoutLines.push(line);
        resolve(line);
      });
    });
    try {
      const url = await firstLine;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
      const { port } = new URL(url);
      expect((await get(Number(port), '/')).status).toBe(401);
      expect((await get(Number(port), new URL(url).pathname + new URL(url).search)).status).toBe(303);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stdoutLines).toHaveLength(1);
  });

  it('refuses to listen beyond this machine', async () => {
    const run = promisify(execFile)(process.execPath, [...cli, '--host', '0.0.0.0']);
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: --host must be 127\.0\.0\.1/) });
  });

  it('refuses an --allow-dir that is not a folder', async () => {
    const run = promisify(execFile)(process.execPath, [...cli, '--allow-dir', path.resolve('README.md')]);
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: --allow-dir .*README\.md is not a folder\n$/) });
  });

  it('refuses a --workspace folder that is neither a workspace nor empty, and writes nothing in it', async () => {
    const folder = path.resolve('test/fixtures/gold');
    const before = readdirSync(folder).sort();
    const run = promisify(execFile)(process.execPath, [...cli, '--workspace', folder]);
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: --workspace: .*gold is neither a Segment Workbench workspace nor empty/) });
    expect(readdirSync(folder).sort()).toEqual(before);
  });
});
