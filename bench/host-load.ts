/**
 * Another client's wait while the web host is under load (issue 36), through a host in a process
 * of its own (serve's service and web host, serveWorkbench, as `cli serve` runs them), measured
 * from outside: a probe client calls `listStrategies` back to back and records each answer's
 * time; the host's resident memory and threads are sampled from /proc every 20 ms.
 *
 *   frame  one client sends what a client may send to countTokens (issue 36): a hostile 60 MB text
 *          frame (refused from its header: the host reads frames of at most 1 MiB); an envelope
 *          at the 16 MiB limit, framed in 1 MiB pieces (joined and parsed in the frame checker's
 *          worker, refused by the contract's 200,000-range limit): the largest the host reads;
 *          and the largest call it answers, 200,000 ranges, framed (parsed on the loop, counted in the worker pool).
 *   flood  one client starts 120 texttiling runs at once on a 200,000-character document and waits
 *          for all of them (the worker pool: a fixed number of threads, the rest queued).
 *
 *   idle   the probe alone, for the machine's own noise.
 *
 *   npx tsx bench/host-load.ts            # all three
 *   npx tsx bench/host-load.ts flood --runs 120 --chars 200000
 *   npx tsx bench/host-load.ts flood --host-cpu-prof /tmp/prof   # the host's CPU profile, for where it blocks
 *
 * Prints the probe's answers (count, median, worst) during each case, the host's peak resident
 * memory and threads. Tests assert no time: test/host/frame-limit.test.ts and
 * test/host/worker-pool-flood.test.ts check the refusals and the pool's bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { JobStatus, WorkbenchEvent } from '../shared/ipc/contract';
import { MAX_ENVELOPE_BYTES } from '../shared/ipc/long-strings';
import { framedCall } from '../test/support/raw-socket';
import { WORKBENCH_SOCKET_PATH } from '../shared/ipc/wire';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../renderer/ipc/socket-client';
import { variedProse } from '../test/support/off-loop-probe';
import { serveWorkbench } from '../electron/web-host/serve-workbench';
import { errorMessage } from '../shared/text/error-message';
import { SMALL_CALL } from '../electron/services/worker/count-tokens';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The host process: serves, prints `PORT TOKEN`, runs until killed. On a `reset` line from the
 * bench it restarts its event-loop delay histogram; on `report`, prints its worst delay: how long
 * the host itself was blocked, as against the machine's scheduling.
 */
async function host(): Promise<void> {
  const served = await serveWorkbench({ port: 0, rootDir: ROOT });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'reset') delay.reset();
    else if (line === 'report') process.stdout.write(`${(delay.max / 1e6).toFixed(0)}\n`);
  });
  process.on('SIGINT', () => process.exit(0));
  process.stdout.write(`${served.host.port} ${served.host.token}\n`);
}

interface Host {
  child: ChildProcess;
  url: string;
  /** Asks the host for its worst event-loop delay since the last ask, in ms. */
  loopDelay(): Promise<number>;
}

/** `profileDir`: the host writes a CPU profile there when it stops (`--host-cpu-prof DIR`). */
async function startHost(profileDir?: string): Promise<Host> {
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), '--host'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the host exited (${code})`))));
  exited.catch(() => undefined);
  const line = (await Promise.race([lines.next(), exited])).value as string;
  const [port, token] = line.split(' ');
  const loopDelay = async () => {
    child.stdin!.write('report\nreset\n');
    return Number((await lines.next()).value);
  };
  return { child, url: `ws://127.0.0.1:${port}${WORKBENCH_SOCKET_PATH}?token=${token}`, loopDelay };
}

function client(url: string): SocketWorkbench {
  return createSocketWorkbench(url, { createSocket: (u) => new WebSocket(u) as unknown as SocketLike });
}

/** /proc/PID/status fields, in kB or counts. */
function status(pid: number): { rssKb: number; threads: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { rssKb: field('VmRSS'), threads: field('Threads') };
}

/** Samples the host while `work` runs; the probe client calls listStrategies back to back meanwhile. */
async function measure(h: Host, work: () => Promise<string>): Promise<void> {
  const pid = h.child.pid!;
  const probe = client(h.url);
  await probe.listStrategies({});
  let events = 0;

  probe.onEvent(() => events++);
  await h.loopDelay();
  const before = status(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = status(pid);
    peak = { rssKb: Math.max(peak.rssKb, now.rssKb), threads: Math.max(peak.threads, now.threads) };
  }, 20);
  const times: number[] = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      await probe.listStrategies({});
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const what = await work();
  const elapsed = performance.now() - started;
  running = false;
  await probing;
  clearInterval(sampler);
  const blocked = await h.loopDelay();
  probe.close();
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`  ${what}, in ${ms(elapsed)}`);
  console.log(`  other client: ${times.length} answers, median ${ms(sorted[Math.floor(sorted.length / 2)] ?? 0)}, worst ${ms(sorted.at(-1) ?? 0)}; ${events} events received`);
  console.log(`  host: resident ${(before.rssKb / 1024).toFixed(0)} MB before, peak ${(peak.rssKb / 1024).toFixed(0)} MB; threads ${before.threads} before, peak ${peak.threads}; event loop blocked ${ms(blocked)} at most`);
}

/** Sends a call's frames on a raw socket: the close code, or the answer (its error). */
function sendFrames(url: string, frames: (string | Buffer)[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('error', () => undefined);
    socket.once('open', () => {
      for (const frame of frames) socket.send(frame);
    });
    socket.once('close', (code) => resolve(`closed ${code}`));
    socket.on('message', (data) => {
      const answer = JSON.parse(data.toString()) as { ok: boolean; result?: { counts?: unknown[] }; error?: { message: string } };
      socket.close();
      resolve(answer.ok ? `answered (${answer.result?.counts?.length ?? 0} counts)` : `refused: ${answer.error?.message.slice(0, 90)}`);
    });
    setTimeout(() => reject(new Error('no answer in 120 s')), 120_000).unref();
  });
}

/** What the frame case sends: one text frame of about `bytes`, or an envelope of `ranges` ranges framed in pieces. */
const FRAME_SENDS = {
  '60 MB text frame': { bytes: 60 * 1024 * 1024, framed: false },
  'envelope at the 16 MiB limit, framed': { bytes: MAX_ENVELOPE_BYTES, framed: true },
  '200,000 ranges, framed': { ranges: 200_000, framed: true },
  '200,000 ranges of qwen2, framed': { ranges: 200_000, framed: true, tokenizer: 'qwen2' },
} as const;

/**
 * The sending client in a process of its own (`--send URL DOCUMENT_ID WHAT`): building and
 * masking 60 MB would otherwise hold up the probe's own event loop, and be counted as the host's.
 */
async function sender(argv: string[]): Promise<void> {
  const [url, documentId, what] = argv;
  const send = FRAME_SENDS[what as keyof typeof FRAME_SENDS];
  const envelope = 'ranges' in send ? countTokensCall(documentId!, send.ranges, 'tokenizer' in send ? send.tokenizer : 'cl100k_base') : countTokensFrame(documentId!, send.bytes);
  const frames = send.framed ? framedCall(1, envelope) : [envelope];
  process.stdout.write(`ready ${(Buffer.byteLength(envelope) / 1024 / 1024).toFixed(1)} MiB in ${frames.length} frame${frames.length > 1 ? 's' : ''}\n`);
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdout.write(`${await sendFrames(url!, frames)}\n`);
  process.exit(0);
}

/** A countTokens call of out-of-range pairs, at most `bytes` long: past the contract's 200,000 ranges. */
function countTokensFrame(documentId: string, bytes: number): string {
  const range = '[1000000,1000017],';
  return `{"id":1,"method":"countTokens","params":{"documentId":"${documentId}","tokenizer":"cl100k_base","ranges":[${range.repeat(Math.floor((bytes - 120) / range.length)).slice(0, -1)}]}}`;
}

/** A countTokens call of `count` ranges within the short document: one the host answers. */
function countTokensCall(documentId: string, count: number, tokenizer: 'cl100k_base' | 'qwen2'): string {
  const ranges = Array.from({ length: count }, (_, i) => [i % 800, (i % 800) + 1 + (i % 60)]);
  return JSON.stringify({ id: 1, method: 'countTokens', params: { documentId, tokenizer, ranges } });
}

async function frameCase(h: Host): Promise<void> {
  const opener = client(h.url);
  const doc = await opener.openDocument({ name: 'short.txt', dataBase64: Buffer.from('A short document. '.repeat(50)).toString('base64') });
  // The tokenizer loaded once before (its first use loads its rank table): what is timed is the call.
  // A small call is counted on the host's loop, a larger one in a worker, which loads its own table.
  await opener.countTokens({ documentId: doc.id, tokenizer: 'cl100k_base', ranges: [[0, 10]] });
  await opener.countTokens({ documentId: doc.id, tokenizer: 'cl100k_base', ranges: Array.from({ length: SMALL_CALL.ranges + 1 }, () => [0, 10]) });
  await opener.countTokens({ documentId: doc.id, tokenizer: 'qwen2', ranges: [[0, 10]] });
  await opener.countTokens({ documentId: doc.id, tokenizer: 'qwen2', ranges: Array.from({ length: SMALL_CALL.ranges + 1 }, () => [0, 10]) });
  opener.close();
  for (const label of Object.keys(FRAME_SENDS)) {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--send', h.url, doc.id, label], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const ready = (await lines.next()).value as string;
    console.log(`frame: ${label} (${ready.replace('ready ', '')}, sent by a process of its own)`);
    await measure(h, async () => {
      child.stdin!.write('go\n');
      return (await lines.next()).value as string;
    });
  }
}

/**
 * The flooding client in a process of its own (`--flood URL RUNS CHARS`): its own answers and the
 * runs' events (120 results) would otherwise be read on the probe's event loop, and counted as the host's.
 */
async function flooder(argv: string[]): Promise<void> {
  const [url, runsArg, charsArg] = argv;
  const runs = Number(runsArg);
  const chars = Number(charsArg);
  const starter = client(url!);
  const doc = await starter.openDocument({ name: 'flood.txt', dataBase64: Buffer.from(variedProse(chars)).toString('base64') });
  const ended = new Map<string, JobStatus>();
  starter.onEvent((event: WorkbenchEvent) => {
    if (event.type === 'job' && event.job.kind === 'run' && event.job.status !== 'running') ended.set(event.job.id, event.job.status);
  });
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const started = await Promise.allSettled(Array.from({ length: runs }, () => starter.startRun({ documentId: doc.id, strategy: 'texttiling', options: {} })));
  const ids = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value.runId] : []));
  while (ids.some((id) => !ended.has(id))) await new Promise((resolve) => setTimeout(resolve, 50));
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(ended.get(id)!, (counts.get(ended.get(id)!) ?? 0) + 1);
  const refused = started.length - ids.length;
  process.stdout.write(`${[...counts].map(([s, n]) => `${n} ${s}`).join(', ')}${refused ? `, ${refused} refused at start` : ''}\n`);
  process.exit(0);
}

async function floodCase(h: Host, runs: number, chars: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', h.url, String(runs), String(chars)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  await lines.next();
  console.log(`flood: ${runs} texttiling runs at once on ${(chars / 1000).toFixed(0)}k characters (started by a process of its own)`);
  await measure(h, async () => {
    child.stdin!.write('go\n');
    return (await lines.next()).value as string;
  });
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--host')) return host();
  if (argv[0] === '--send') return sender(argv.slice(1));
  if (argv[0] === '--flood') return flooder(argv.slice(1));
  const flag = (name: string, fallback: number) => {
    const at = argv.indexOf(name);
    const value = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive whole number`);
    return value;
  };
  const cases = argv.filter((a) => a === 'idle' || a === 'frame' || a === 'flood');
  console.log(`host-load: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const which of cases.length ? cases : ['idle', 'frame', 'flood']) {
    const profileAt = argv.indexOf('--host-cpu-prof');
    const h = await startHost(profileAt >= 0 ? argv[profileAt + 1] : undefined);
    try {
      if (which === 'idle') {
        // The same probe with nothing else asked of the host: what the machine's own load costs.
        console.log('idle: nothing but the probe, 4 s');
        await measure(h, async () => new Promise<string>((resolve) => setTimeout(() => resolve('nothing'), 4000)));
      } else if (which === 'frame') await frameCase(h);
      else await floodCase(h, flag('--runs', 120), flag('--chars', 200_000));
    } finally {
      // SIGINT, handled by exiting, lets a profiling host write its profile.
      h.child.kill('SIGINT');
    }
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(`error: ${errorMessage(err)}`);
  process.exit(2);
});
