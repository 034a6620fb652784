/**
 * Heavy work runs in a worker thread (electron/services/worker): while one client's 5 MB
 * TextTiling runs, a second client's calls are answered in under 200 ms (the bound issue 12 sets),
 * and Cancel stops the run by terminating its worker. Through the real web host and two sockets.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { zip } from '../cli/support/zip';
import { scratchDir } from '../support/scratch-dir';
import { sessionCookieFor } from './http-helpers';

const dir = scratchDir('off-loop-');
let service: WorkbenchService;
let host: WebHost;
let first: SocketWorkbench;
let second: SocketWorkbench;

async function connect(): Promise<SocketWorkbench> {
  const headers = { Cookie: await sessionCookieFor(host.port, host.token), Origin: `http://127.0.0.1:${host.port}` };
  return createSocketWorkbench(`ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}`, {
    createSocket: (url) => new WebSocket(url, { headers }) as unknown as SocketLike,
  });
}

/** About 5 MB of varied prose (TextTiling needs changing vocabulary to have work to do). */
function fiveMegabytes(): string {
  const words = ['whale', 'ship', 'sea', 'captain', 'harpoon', 'voyage', 'sailor', 'deck', 'storm', 'island', 'letter', 'court', 'garden', 'market', 'engine', 'river'];
  let state = 12;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sentences: string[] = [];
  let chars = 0;
  while (chars < 5_000_000) {
    const topic = Math.floor(chars / 20_000) % 4;
    const sentence = Array.from({ length: 12 }, () => words[(topic * 4 + Math.floor(next() * 6)) % words.length]).join(' ') + '. ';
    sentences.push(sentence);
    chars += sentence.length;
  }
  return sentences.join('');
}

beforeAll(async () => {
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
  host = await startWebHost({ service, rendererDir: dir, port: 0 });
  first = await connect();
  second = await connect();
});

afterAll(async () => {
  first?.close();
  second?.close();
  await host?.close();
  await service?.dispose();
});

describe('heavy work off the event loop', () => {
  it("answers a second client in under 200 ms while a 5 MB TextTiling runs, and Cancel stops it", { timeout: 120_000 }, async () => {
    const text = fiveMegabytes();
    const doc = await first.openDocument({ name: 'long.txt', dataBase64: Buffer.from(text).toString('base64') });
    expect(doc.info.chars).toBe(text.length);

    const events: WorkbenchEvent[] = [];
    const stop = first.onEvent((event) => events.push(event));
    const { runId } = await first.startRun({ documentId: doc.id, strategy: 'texttiling', options: {} });
    while (!events.some((e) => e.type === 'run-state' && e.run.runId === runId)) await new Promise((resolve) => setTimeout(resolve, 10));

    // Give the worker time to be well into the run, then time the other client's calls.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const listed = await second.listDocuments({});
      latencies.push(performance.now() - started);
      expect(listed.map((d) => d.id)).toContain(doc.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.stdout.write(`second client's listDocuments during a 5 MB texttiling: ${latencies.map((l) => l.toFixed(1)).join(', ')} ms\n`);
    // The run was going on all along: the calls did not just wait for it to end.
    expect((await second.listRuns({ documentId: doc.id }))[0]?.status).toBe('running');
    expect(Math.max(...latencies)).toBeLessThan(200);

    const cancelled = performance.now();
    expect(await first.cancelRun({ runId })).toEqual({ cancelled: true });
    while (!events.some((e) => e.type === 'run-state' && e.run.runId === runId && e.run.status === 'cancelled')) await new Promise((resolve) => setTimeout(resolve, 10));
    process.stdout.write(`cancelled run-state event ${(performance.now() - cancelled).toFixed(1)} ms after Cancel\n`);
    stop();
    expect((await second.listRuns({ documentId: doc.id }))[0]?.status).toBe('cancelled');
  });

  it('keeps the readers\' errors as the user\'s input errors across the thread boundary', async () => {
    const garbage = Buffer.from(zip({ 'junk.bin': new Uint8Array([1, 2, 3]) })).toString('base64');
    await expect(second.openDocument({ name: 'garbage.docx', dataBase64: garbage })).rejects.toMatchObject({
      code: 'bad-input',
      message: 'garbage.docx is not a readable .docx file: the archive has no word/document.xml (not a Word document)',
    });
  });
});
