/** Runs the real command line (`node --import tsx electron/cli/main.ts ...`) as a user would. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], cwd = REPO_ROOT): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `${REPO_ROOT}electron/cli/main.ts`, ...args],
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, WORKBENCH_DEBUG: '' } },
      (err, stdout, stderr) => {
        const code = err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
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
