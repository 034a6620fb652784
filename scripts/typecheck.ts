/**
 * `npm run typecheck`: each layer's project (its own lib and types: no DOM in shared/ or electron/)
 * and the test project, which sees every layer. tsc checks on one core, so the projects run as
 * many at once as there are cores (two here: 23 s instead of 32), the longest first. Each one's
 * output is printed whole when it ends; the exit code is 1 if any failed.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

// Longest first, so that it does not start last.
const PROJECTS = ['test', 'renderer', 'electron', 'shared'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`tsc -p ${project} failed`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results: boolean[] = [];
async function worker(): Promise<void> {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
}
await Promise.all(Array.from({ length: Math.min(PROJECTS.length, availableParallelism()) }, worker));
process.exitCode = results.every(Boolean) ? 0 : 1;
