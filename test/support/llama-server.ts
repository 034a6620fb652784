/**
 * A real llama-server for tests and benchmarks, built by `npm run server:build` from the llama.cpp
 * source node-llama-cpp ships: started on 127.0.0.1 on a free port with the tiny fixture model and
 * the three fixture LoRA adapters loaded but not applied (each request picks its own), and stopped
 * (killed) on demand. `serverSkipReason()` says why server tests cannot run (no binary), or null.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { llamaServerPath } from '../../scripts/server-build';
import { fixtureModelsDir, tinyModelPath } from '../inference/tiny-profiles';

export function serverSkipReason(): string | null {
  const bin = llamaServerPath();
  return existsSync(bin) ? null : `llama-server is not built (${bin} missing): run npm run server:build`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerOptions {
  parallel?: number;
  /** Total context; each slot gets ctx / parallel. */
  ctx?: number;
  threads?: number;
  /** Adapter files to load (default: the three fixture adapters). */
  loras?: string[];
  model?: string;
  /** Require this API key (llama-server --api-key). */
  apiKey?: string;
  /** Listen on this port (a restarted server takes its old one); default: a free port. */
  port?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** The server's output so far, for a failing test's message. */
  log(): string;
  /** SIGKILL: the way a crashed or lost machine goes. */
  kill(): Promise<void>;
}

export const FIXTURE_LORAS = ['simple', 'topic', 'summary'].map((s) => join(fixtureModelsDir, `tiny-lora-${s}.gguf`));

export async function startLlamaServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const parallel = options.parallel ?? 2;
  const args = [
    '-m', options.model ?? tinyModelPath,
    ...(options.loras ?? FIXTURE_LORAS).flatMap((f) => ['--lora', f]),
    '--lora-init-without-apply',
    '--parallel', String(parallel),
    '--ctx-size', String(options.ctx ?? 1024 * parallel),
    '--threads', String(options.threads ?? 1),
    '--host', '127.0.0.1',
    '--port', String(port),
    '--no-webui',
    '--no-warmup',
    ...(options.apiKey ? ['--api-key', options.apiKey] : []),
  ];
  const child = spawn(llamaServerPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    port,
    process: child,
    log: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`llama-server exited with ${child.exitCode}:\n${output.slice(-3000)}`);
    try {
      const health = await fetch(`${url}/health`);
      if (health.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`llama-server did not become healthy in 120 s:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
