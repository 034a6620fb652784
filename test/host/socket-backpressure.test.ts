/**
 * Backpressure per connection (electron/web-host/backpressure.ts): a client that sends calls and
 * never reads its answers does not grow the host. Through the real web host with small limits: the
 * host stops starting that client's calls (and reading its socket) once a few answers wait, every
 * call is still answered once the client reads again, and a client that lets answers pile past the
 * closing limit is closed with 1008 and a reason saying it is not reading.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { NOT_READING_CLOSE_CODE, type BackpressureLimits } from '../../electron/web-host/backpressure';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { scratchDir } from '../support/scratch-dir';

const dir = scratchDir('backpressure-');
const MIB = 1024 * 1024;
let service: WorkbenchService;
let calls = 0;
/** Told each time a call reaches the service or the service answers one. */
let onServiceActivity: (() => void) | null = null;
const hosts: WebHost[] = [];

beforeAll(async () => {
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
});

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  await service?.dispose();
});

/** A host on the shared service that counts the calls reaching the service, and tells each call and answer. */
async function hostWith(backpressure: BackpressureLimits): Promise<WebHost> {
  const counting: WorkbenchService = {
    ...service,
    call: (method, params, context) => {
      calls++;
      onServiceActivity?.();
      const answer = service.call(method, params, context);
      // The host sends an answer as soon as the service gives it: that is activity too.
      answer.then(() => onServiceActivity?.(), () => onServiceActivity?.());
      return answer;
    },
  };
  const host = await startWebHost({ service: counting, rendererDir: dir, port: 0, backpressure });
  hosts.push(host);
  return host;
}

function connect(host: WebHost): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}?token=${host.token}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends `{id, method, params}` and resolves with the answer's result (answers to other ids are ignored). */
function call(socket: WebSocket, id: number, method: string, params: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString()) as { id?: number; ok?: boolean; result?: unknown; error?: unknown };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      if (message.ok) resolve(message.result);
      else reject(new Error(JSON.stringify(message.error)));
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, method, params }));
  });
}

/** A document whose getDocument answer is about 600 KB. */
async function openLargeDocument(host: WebHost): Promise<string> {
  const socket = await connect(host);
  try {
    const text = 'A sentence of the large document. '.repeat(18_000);
    const opened = (await call(socket, 1, 'openDocument', { name: 'large.txt', dataBase64: Buffer.from(text).toString('base64') })) as { id: string };
    return opened.id;
  } finally {
    socket.close();
  }
}

/**
 * How long the service must see nothing after its last call or answer for the host to count as
 * stopped. "Takes no more calls" can only be seen as calls not coming: this window starts at the
 * host's last activity, not at a guessed time, so a slow start only makes the wait longer.
 */
const QUIET_MS = 1_000;

/** Resolves once QUIET_MS pass with no call reaching the service and no answer from it. */
function hostStops(): Promise<void> {
  return new Promise((resolve) => {
    const stopped = () => {
      onServiceActivity = null;
      resolve();
    };
    let timer = setTimeout(stopped, QUIET_MS);
    onServiceActivity = () => {
      clearTimeout(timer);
      timer = setTimeout(stopped, QUIET_MS);
    };
  });
}

describe('web host backpressure', () => {
  it('stops taking calls from a client that does not read its answers, then answers every one once it reads', { timeout: 60_000 }, async () => {
    const host = await hostWith({ maxInFlightCalls: 4, pauseAtBytes: MIB, closeAtBytes: 512 * MIB });
    const documentId = await openLargeDocument(host);
    const reader = await connect(host);
    const sent = 200;
    const answered = new Set<number>();
    const everyAnswer = new Promise<void>((resolve) =>
      reader.on('message', (data, isBinary) => {
        if (isBinary) return;
        const { id } = JSON.parse(data.toString()) as { id?: number };
        if (typeof id === 'number') answered.add(id);
        if (answered.size === sent) resolve();
      }),
    );
    reader.pause();
    calls = 0;
    const stopped = hostStops();
    for (let id = 1; id <= sent; id++) reader.send(JSON.stringify({ id, method: 'getDocument', params: { documentId } }));
    await stopped;
    // 200 answers of 600 KB would be 120 MB held for this client. What reached the service: the
    // calls in flight, plus those whose answers the operating system's socket buffers took.
    const taken = calls;
    expect(taken).toBeLessThan(60);

    reader.resume();
    await everyAnswer;
    expect(calls).toBe(sent);
    reader.close();
  });

  it('closes a client whose unread answers pass the closing limit, with 1008 and the reason', { timeout: 60_000 }, async () => {
    const host = await hostWith({ maxInFlightCalls: 8, pauseAtBytes: 64 * MIB, closeAtBytes: 3 * MIB });
    const documentId = await openLargeDocument(host);
    const reader = await connect(host);
    const closed = new Promise<{ code: number; reason: string }>((resolve) => reader.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    reader.pause();
    const stopped = hostStops();
    for (let id = 1; id <= 100; id++) reader.send(JSON.stringify({ id, method: 'getDocument', params: { documentId } }));
    // The host closes the connection while it sends answers, so once it stops it has closed it.
    await stopped;
    reader.resume();
    const { code, reason } = await closed;
    expect(code).toBe(NOT_READING_CLOSE_CODE);
    expect(reason).toMatch(/^the client is not reading: \d+ MB of answers and events wait unread$/);
  });
});
