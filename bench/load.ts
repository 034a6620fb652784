/**
 * Benchmark helpers for a machine that is never idle: `startBusyLoad(n)` runs n busy-loop
 * processes beside the benchmark (what `--load N` does), and `loadAverage()` is the figure printed
 * beside every measurement, so a reader sees how busy the machine was when it was taken.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';

/** Starts n processes that spin a CPU core each; the returned function stops them. */
export function startBusyLoad(n: number): () => void {
  const children: ChildProcess[] = [];
  for (let i = 0; i < n; i++) {
    children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return stop;
}

/** "load 1.23" (the 1-minute load average), to print beside a figure. */
export function loadAverage(): string {
  return `load ${loadavg()[0]!.toFixed(2)}`;
}
