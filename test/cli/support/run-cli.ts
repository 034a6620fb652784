/**
 * Runs the real command line as a user would: the installed command's bundle (dist/cli, built
 * once for the run by test/support/cli-bundle.ts) with plain node, or, where a test compares the
 * two, the tsx entry from the sources.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { TEST_HOST_ENV } from '../../support/host-env';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `env`: variables added to the test process's environment (host settings such as WORKBENCH_MODELS_DIR). */
export function runCli(args: string[], cwd = REPO_ROOT, env: Record<string, string> = {}): Promise<CliRun> {
  return runEntry('dist/cli/main.mjs', args, cwd, env, []);
}

/** The tsx entry (`npm run cli`), for a test that checks the bundle behaves exactly like it. */
export function runCliFromSource(args: string[], cwd = REPO_ROOT, env: Record<string, string> = {}): Promise<CliRun> {
  return runEntry('electron/cli/main.ts', args, cwd, env);
}

/** The benchmarks' entry (`npm run bench -- ...`), which the product's command line does not have. */
export function runBench(args: string[], cwd = REPO_ROOT, env: Record<string, string> = {}): Promise<CliRun> {
  return runEntry('bench/main.ts', args, cwd, env);
}

function runEntry(entry: string, args: string[], cwd: string, env: Record<string, string>, loader: string[] = ['--import', 'tsx']): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...loader, `${REPO_ROOT}${entry}`, ...args],
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...TEST_HOST_ENV, WORKBENCH_DEBUG: '', ...env } },
      (err, stdout, stderr) => {
        const code = err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** What bad input must give: exit 2, nothing on stdout, and one line `error: ...` on stderr. */
export function expectUserError(run: CliRun, message: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  // Exactly one line, starting with "error: ", and never a stack trace.
  expect(run.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(run.stderr).toMatch(message);
}

/** Runs several invocations, two at a time (the machine running the tests may have two cores). */
export async function runCliAll(invocations: string[][], cwd = REPO_ROOT): Promise<CliRun[]> {
  const results: CliRun[] = new Array(invocations.length);
  let next = 0;
  const worker = async () => {
    while (next < invocations.length) {
      const i = next++;
      results[i] = await runCli(invocations[i]!, cwd);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}
