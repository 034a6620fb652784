/** The renderer's WebSocket client against the real web host: the same contract as the preload. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WorkbenchEvent } from '../../shared/ipc/contract';
import { LONG_STRING_CHARS } from '../../shared/ipc/long-strings';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { scratchDir } from '../support/scratch-dir';
import { sessionCookieFor } from './http-helpers';

const dir = scratchDir('socket-client-');
let service: WorkbenchService;
let host: WebHost;
let client: SocketWorkbench;
/** Whether each frame the client sent and received was binary (long strings travel so). */
const sentBinary: boolean[] = [];
const receivedBinary: boolean[] = [];

beforeAll(async () => {
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
  host = await startWebHost({ service, rendererDir: dir, port: 0 });
  // What a browser does on the served page: the session cookie and its own Origin.
  const headers = { Cookie: await sessionCookieFor(host.port, host.token), Origin: `http://127.0.0.1:${host.port}` };
  client = createSocketWorkbench(`ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}`, {
    createSocket: (url) => {
      const ws = new WebSocket(url, { headers });
      ws.on('message', (_data, isBinary) => receivedBinary.push(isBinary));
      const send = ws.send.bind(ws);
      ws.send = ((data: unknown) => {
        sentBinary.push(typeof data !== 'string');
        send(data as string);
      }) as typeof ws.send;
      return ws as unknown as SocketLike;
    },
  });
});

afterAll(async () => {
  client?.close();
  await host?.close();
  await service?.dispose();
});

describe('the WebSocket WorkbenchApi', () => {
  it('opens the sample, runs structural and receives the result as events', async () => {
    const events: WorkbenchEvent[] = [];
    let finished: (e: WorkbenchEvent) => void = () => {};
    const done = new Promise<WorkbenchEvent>((resolve) => (finished = resolve));
    const stop = client.onEvent((event) => {
      events.push(event);
      if (event.type === 'job' && event.job.status !== 'running') finished(event);
    });
    const doc = await client.openSample({});
    const { runId } = await client.startRun({ documentId: doc.id, strategy: 'structural', options: {} });
    const end = await done;
    stop();
    expect(end).toMatchObject({ type: 'job', job: { kind: 'run', status: 'finished', id: runId, documentId: doc.id } });
    expect(events.some((e) => e.type === 'document-opened' && e.document.id === doc.id)).toBe(true);
    const [record] = await client.listRuns({ documentId: doc.id });
    expect(record?.status).toBe('finished');
  });

  it('rejects a refused call with its code and message, and keeps working', async () => {
    const badParams = { documentId: 'x', strategy: 'NOT VALID', options: {} };
    await expect(client.startRun(badParams)).rejects.toMatchObject({ code: 'invalid-params', name: 'WorkbenchCallError' });
    await expect(client.getDocument({ documentId: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
    expect((await client.getHostInfo({})).transport).toBe('web');
  });

  it('carries a long text both ways as binary frames beside the message, byte for byte', async () => {
    // Over LONG_STRING_CHARS both ways, with characters of 2, 3 and 4 UTF-8 bytes throughout.
    const line = 'Über die Straße — ein Wal 🐋 schwimmt vorbei.\n';
    const text = line.repeat(Math.ceil((LONG_STRING_CHARS + 1000) / line.length));
    sentBinary.length = 0;
    receivedBinary.length = 0;
    const opened = await client.openDocument({ name: 'long.txt', dataBase64: Buffer.from(text, 'utf8').toString('base64') });
    expect(opened.text).toBe(text);
    // The envelope as text, then the base64 in pieces; the answer's text came in pieces too.
    expect(sentBinary[0]).toBe(false);
    expect(sentBinary.slice(1).every(Boolean) && sentBinary.length > 2).toBe(true);
    expect(receivedBinary.filter(Boolean).length).toBeGreaterThan(1);
    const sent = sentBinary.length;
    // A short call afterwards still goes as one JSON text frame.
    expect((await client.getDocument({ documentId: opened.id })).text).toBe(text);
    expect(sentBinary.slice(sent)).toEqual([false]);
  });

  it('delivers every event to every listener and goes on after one of them throws', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (err: unknown) => errors.push(err);
    const seen: string[] = [];
    const stopThrowing = client.onEvent(() => {
      throw new Error('a listener that fails');
    });
    const stopSeeing = client.onEvent((event) => seen.push(event.type));
    try {
      for (const name of ['first.txt', 'second.txt']) await client.openDocument({ name, dataBase64: Buffer.from(`The ${name}.`).toString('base64') });
      expect((await client.getHostInfo({})).transport).toBe('web');
      expect(seen.filter((type) => type === 'document-opened').length).toBe(2);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      stopThrowing();
      stopSeeing();
      console.error = original;
    }
  });

  it('fails pending calls when the server goes away', async () => {
    await host.close();
    await expect(client.listDocuments({})).rejects.toMatchObject({ code: 'connection' });
  });
});
