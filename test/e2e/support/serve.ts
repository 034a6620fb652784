/**
 * Starts the web host (`cli serve --port 0`) as a child process and hands back the URL it prints
 * (`http://127.0.0.1:PORT/?token=...`). The caller must `stop()` it; `stop` waits for the exit so
 * no server outlives its test file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureRendererBuilt } from '../../../electron/web-host/renderer-build';
import { TEST_HOST_ENV } from '../../support/host-env';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export interface ServeHandle {
  /** The full URL with its token, as printed by the host. */
  url: string;
  /** Everything the host wrote to stderr so far: for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** Node's arguments before `serve`: the installed command's bundle by default (built once per run
   *  by test/support/cli-bundle.ts; it starts in about a quarter of the tsx entry's time), or `TSX_ENTRY`. */
  command?: string[];
  /** Extra arguments after `serve --port 0`, e.g. `['--workspace', dir]`. */
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the URL line. */
  startTimeoutMs?: number;
}

/** The command line from source, as `npm run cli` runs it. */
export const TSX_ENTRY = ['--import', 'tsx', 'electron/cli/main.ts'];
/** The installed command, as `bin/` runs it. */
export const BUNDLE_ENTRY = ['dist/cli/main.mjs'];

const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/;

export async function startServe(options: ServeOptions = {}): Promise<ServeHandle> {
  // serve would build a missing or outdated renderer itself, but within the URL line's timeout;
  // built here first (once for all test files, under the build's lock), the wait is not limited.
  await ensureRendererBuilt(REPO_ROOT);
  const child = spawn(
    process.execPath,
    [...(options.command ?? BUNDLE_ENTRY), 'serve', '--port', '0', ...(options.args ?? [])],
    { cwd: REPO_ROOT, env: { ...process.env, ...TEST_HOST_ENV, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  try {
    const url = await readUrlLine(child, options.startTimeoutMs ?? 60_000, () => stderr);
    return { url, stderr: () => stderr, stop: () => stopChild(child, exited) };
  } catch (err) {
    await stopChild(child, exited);
    throw err;
  }
}

function readUrlLine(child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => fail(`serve printed no URL within ${timeoutMs} ms`), timeoutMs);
    function fail(why: string): void {
      clearTimeout(timer);
      lines.close();
      reject(new Error(`${why}; stderr: ${stderr().trim().slice(-2000)}`));
    }
    lines.on('line', (line) => {
      const trimmed = line.trim();
      if (!URL_LINE.test(trimmed)) return;
      clearTimeout(timer);
      lines.close();
      resolveUrl(trimmed);
    });
    child.once('exit', (code) => fail(`serve exited with code ${code}`));
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
