/**
 * Runs another area's benchmark script (bench/*.ts) in a child process and relays its
 * printout: for the inference benchmark, whose native llama.cpp state (a 0.5B model, its
 * contexts, a possible crash on a bad file) must stay out of this process. It reuses the script
 * exactly as its owners run it (`npm run bench:inference`).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { repoPath } from './load-script';

const run = promisify(execFile);

export interface ScriptOutput {
  lines: string[];
}

export async function runBenchScript(relativePath: string, args: string[] = [], timeoutMs = 15 * 60_000): Promise<ScriptOutput> {
  const script = repoPath(relativePath);
  if (!existsSync(script)) throw new Error(`${relativePath} is missing`);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoPath('.'),
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { lines: stdout.split('\n').filter((l) => l.trim() !== '') };
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; killed?: boolean; signal?: string | null; message: string };
    if (e.killed || e.signal) {
      const printed = (e.stdout ?? '').split('\n').filter((l) => l.trim() !== '').length;
      throw new Error(`${relativePath} did not finish within ${Math.round(timeoutMs / 60_000)} min (${printed} lines printed before it was stopped)`);
    }
    const reason = (e.stderr ?? '').split('\n').find((l) => l.startsWith('error:')) ?? e.message.split('\n')[0];
    throw new Error(`${relativePath} failed: ${reason}`);
  }
}
