/**
 * What an inference server answering 3 GB costs the host (issue 36): a stand-in on 127.0.0.1 (its
 * own process) answers `/props` with 3 GiB of JSON, once streamed (chunked) and once with its
 * Content-Length declared; the health check (`checkEndpoints`, what `models doctor` and the Models
 * screen run) reads it in a fresh process each time, which prints its wall time, its peak RSS
 * (`maxRSS`) and the worst delay of a 10 ms timer meanwhile (what another client of the host
 * would wait). `--compare` adds the read before the cap (`response.text()` within the old 10 s
 * probe timeout) on the same answer.
 *
 *   npx tsx bench/remote-body.ts [--gib 3] [--compare]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { checkEndpoints } from '../electron/services/inference/completers/remote/endpoint-health';

const self = fileURLToPath(import.meta.url);
const MiB = 1024 * 1024;

function serve(gib: number): void {
  const total = gib * 1024;
  const chunk = Buffer.alloc(MiB, 0x20);
  const server = createServer((req, res) => {
    const declared = req.url?.startsWith('/declared');
    const head = Buffer.from('{"total_slots": 2, "pad": "');
    res.writeHead(200, { 'Content-Type': 'application/json', ...(declared ? { 'Content-Length': String(total * MiB + head.length + 2) } : {}) });
    res.write(head);
    let sent = 0;
    const push = () => {
      while (sent < total) {
        sent++;
        if (!res.write(chunk)) return;
      }
      res.end('"}');
    };
    res.on('drain', push);
    res.on('close', () => res.off('drain', push));
    push();
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
}

/** One read in this process: wall time, peak RSS, the worst timer delay, and how it ended. */
async function client(mode: string, url: string): Promise<void> {
  let worstLag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worstLag = Math.max(worstLag, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  let outcome: string;
  if (mode === 'uncapped') {
    try {
      const text = await (await fetch(`${url}/props`, { signal: AbortSignal.timeout(10_000) })).text();
      outcome = `read ${Math.round(text.length / MiB)} MiB`;
    } catch (err) {
      outcome = `failed: ${(err as Error).name}`;
    }
  } else {
    const [row] = await checkEndpoints({ endpoints: [`llama-server=${url}${mode === 'declared' ? '/declared' : ''}`] });
    outcome = row!.ok ? 'ok' : `refused: ${row!.error}`;
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  process.stdout.write(JSON.stringify({ mode, ms: Math.round(ms), peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), worstTimerLagMs: Math.round(worstLag), outcome }) + '\n');
}

function runChild(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${args[0]} exited ${code}`))));
  });
}

async function main(): Promise<void> {
  const [role, ...rest] = process.argv.slice(2);
  if (role === 'serve') return serve(Number(rest[0]));
  if (role === 'client') return client(rest[0]!, rest[1]!);
  const gibAt = process.argv.indexOf('--gib');
  const gib = gibAt > 0 ? Number(process.argv[gibAt + 1]) : 3;
  const modes = ['streamed', 'declared', ...(process.argv.includes('--compare') ? ['uncapped'] : [])];
  const server = spawn(process.execPath, ['--import', 'tsx', self, 'serve', String(gib)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  process.stdout.write(`a /props answer of ${gib} GiB from 127.0.0.1:${port}; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  try {
    for (const mode of modes) {
      const r = JSON.parse(await runChild(['client', mode, `http://127.0.0.1:${port}`])) as Record<string, unknown>;
      process.stdout.write(`${String(r.mode).padEnd(9)} ${r.ms} ms, peak RSS ${r.peakRssMiB} MiB, worst 10 ms-timer delay ${r.worstTimerLagMs} ms: ${r.outcome}\n`);
    }
  } finally {
    server.kill();
  }
}

await main();
