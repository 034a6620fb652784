/** Runs the command line the way a user does (the installed command's bundle, built once by test/support/cli-bundle.ts) and returns its stdout. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from './serve';
import { TEST_HOST_ENV } from '../../support/host-env';

export async function runCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli/main.mjs', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...TEST_HOST_ENV },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

export async function runCliJson<T = unknown>(args: string[]): Promise<T> {
  return JSON.parse(await runCli(args)) as T;
}
