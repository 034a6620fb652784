/**
 * `segment - < DIRECTORY`: the shell hands a directory as standard input. Node reads fd 0 as an
 * empty stream then, which passed as an empty document (exit 0, zero segments); it is refused.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { TEST_HOST_ENV } from '../support/host-env';
import { expectUserError, REPO_ROOT, type CliRun } from './support/run-cli';

const folder = mkdtempSync(path.join(tmpdir(), 'stdin-directory-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The tsx entry with the folder opened as its standard input, as `cli ARGS < FOLDER` does. */
function runWithFolderAsStdin(args: string[]): Promise<CliRun> {
  const fd = openSync(folder, 'r');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'electron/cli/main.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...TEST_HOST_ENV, WORKBENCH_DEBUG: '' },
      stdio: [fd, 'pipe', 'pipe'],
    });
    closeSync(fd);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('standard input that is a directory', () => {
  it('segment - exits 2 with one error line, no empty result', async () => {
    expectUserError(await runWithFolderAsStdin(['segment', '-']), /^error: standard input: is a directory\n$/);
  });

  it('convert - too', async () => {
    expectUserError(await runWithFolderAsStdin(['convert', '-', '--to', 'csv']), /^error: standard input: is a directory\n$/);
  });
});
