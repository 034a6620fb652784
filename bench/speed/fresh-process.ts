/**
 * Cold and warm timings of one splitter, each measured in a process of its own. In one shared
 * process, whichever splitter runs first pays for compiling the code the others then reuse (the
 * workbench's strategies share their scanners), and nothing is cold after the first; a fresh
 * process gives every splitter the same start: its code not yet compiled, nothing optimised.
 *
 * The child is the bench entry started again (`bench/main.ts speed-child`, not listed in the help),
 * so it works from the TypeScript sources and from the bundled command alike. It takes its
 * splitter's name and the text over the IPC channel, builds the splitter, and times run after
 * run: the first is the cold run, the later ones show the optimised code.
 */
import { fork } from 'node:child_process';
import { UserInputError } from '../../electron/cli/errors';
import { splitterNamed } from './splitters';

export interface RunRequest {
  splitter: string;
  text: string;
  /** At most this many runs, the cold one included (at least two are made). */
  maxRuns: number;
  /** Stop starting runs once the runs so far took this long (seconds). */
  budgetSeconds: number;
}

export interface RunReply {
  /** Wall-clock seconds per run, in order: [0] is the cold run. */
  seconds: number[];
  /** CPU seconds of the whole process per run (every thread: the compiler's and the collector's too). */
  cpuSeconds: number[];
  segments: number;
}

/** Child side: answers one request received over IPC, then lets the process end. */
export function serveOneRequest(): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) throw new UserInputError('bench speed-child runs only as a child of bench speed (it needs an IPC channel)');
  return new Promise((resolve, reject) => {
    process.once('message', (message) => {
      timeRuns(message as RunRequest).then(
        (reply) =>
          send(reply, (err: Error | null) => {
            process.disconnect?.(); // the channel would keep the process alive
            if (err) reject(err);
            else resolve();
          }),
        (err: unknown) => {
          process.disconnect?.();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  });
}

async function timeRuns(request: RunRequest): Promise<RunReply> {
  const split = await splitterNamed(request.splitter).create();
  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  let segments = 0;
  let spent = 0;
  while (seconds.length < request.maxRuns && (seconds.length < 2 || spent < request.budgetSeconds)) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    segments = (await split(request.text)).segments;
    const took = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    seconds.push(took);
    cpuSeconds.push((used.user + used.system) / 1e6);
    spent += took;
  }
  return { seconds, cpuSeconds, segments };
}

/** Which script to start again, with which node flags: this same command, by default. */
export interface ChildEntry {
  script: string;
  execArgv: string[];
}

/** Parent side: runs the request in a new process of this same command and returns its timings. */
export function timeInFreshProcess(request: RunRequest, entry?: ChildEntry): Promise<RunReply> {
  const script = entry?.script ?? process.argv[1];
  if (!script) return Promise.reject(new Error('cannot tell which script to start again'));
  return new Promise((resolve, reject) => {
    // Same node flags (the TypeScript loader when run from sources), output kept apart.
    const child = fork(script, ['speed-child'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: entry?.execArgv ?? process.execArgv });
    let stderr = '';
    let reply: RunReply | undefined;
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('message', (message) => (reply = message as RunReply));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (reply) resolve(reply);
      else reject(new Error(`the ${request.splitter} run ended without figures (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`));
    });
    child.send(request);
  });
}
