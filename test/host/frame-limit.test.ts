/**
 * A frame's size is bounded before it is parsed (issue 36: one 60 MB text frame of numbers to
 * countTokens was parsed whole, every client frozen 14 s and the host at 1.1 GB, before the
 * contract's 200,000-range limit refused it). Through the real web host and raw WebSockets: a
 * frame over MAX_FRAME_BYTES (1 MiB) closes its connection with 1009 from the frame's header, and
 * another client is answered meanwhile and after; a frame at the limit is read and answered. The
 * page's own client refuses a call whose envelope passes MAX_ENVELOPE_BYTES before sending it,
 * naming the limit. The other client's wait is timed by bench/host-load.ts
 * (`npm run bench:host-load -- frame`), not here.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ENVELOPE_TOO_LARGE_MESSAGE, FRAME_TOO_LARGE_CLOSE_CODE, MAX_FRAME_BYTES } from '../../shared/ipc/long-strings';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { createSocketWorkbench, type SocketLike } from '../../renderer/ipc/socket-client';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { scratchDir } from '../support/scratch-dir';

const dir = scratchDir('frame-limit-');
let service: WorkbenchService;
let host: WebHost;
let documentId: string;

const socketUrl = () => `ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}?token=${host.token}`;

function connect(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl());
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends one text frame and resolves with the answer to `id`. */
function call(socket: WebSocket, id: number, frame: string): Promise<{ ok: boolean; result?: unknown; error?: { code: string; message: string } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString()) as { id?: number; ok: boolean };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
    socket.send(frame);
  });
}

/** A countTokens call whose ranges make a frame of about `bytes` bytes. */
function countTokensFrame(id: number, bytes: number): string {
  const range = '[1000000,1000017],';
  const ranges = range.repeat(Math.ceil(bytes / range.length)).slice(0, -1);
  return `{"id":${id},"method":"countTokens","params":{"documentId":"${documentId}","tokenizer":"cl100k_base","ranges":[${ranges}]}}`;
}

beforeAll(async () => {
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
  host = await startWebHost({ service, rendererDir: dir, port: 0 });
  const socket = await connect();
  const text = 'A short document to count tokens in. '.repeat(100);
  const opened = await call(socket, 1, JSON.stringify({ id: 1, method: 'openDocument', params: { name: 'short.txt', dataBase64: Buffer.from(text).toString('base64') } }));
  documentId = (opened.result as { id: string }).id;
  socket.close();
});

afterAll(async () => {
  await host?.close();
  await service?.dispose();
});

describe('frames bounded before parsing', () => {
  it('closes the connection of a 60 MB text frame with 1009, and answers another client meanwhile and after', { timeout: 120_000 }, async () => {
    const hostile = await connect();
    const other = await connect();
    const closed = new Promise<number>((resolve) => hostile.once('close', (code) => resolve(code)));
    hostile.on('error', () => undefined); // the host stops reading mid-frame: the send may fail
    hostile.send(countTokensFrame(7, 60 * 1024 * 1024));
    const during = call(other, 1, JSON.stringify({ id: 1, method: 'listStrategies', params: {} }));
    expect(await closed).toBe(FRAME_TOO_LARGE_CLOSE_CODE);
    expect((await during).ok).toBe(true);
    expect((await call(other, 2, JSON.stringify({ id: 2, method: 'getDocument', params: { documentId } }))).ok).toBe(true);
    other.close();
  });

  it('closes a frame one byte over the limit, and takes one at the limit', { timeout: 120_000 }, async () => {
    const over = await connect();
    const closed = new Promise<number>((resolve) => over.once('close', (code) => resolve(code)));
    over.on('error', () => undefined);
    over.send(countTokensFrame(1, MAX_FRAME_BYTES - 200).padEnd(MAX_FRAME_BYTES + 1, ' '));
    expect(await closed).toBe(FRAME_TOO_LARGE_CLOSE_CODE);

    // At the limit the frame is read, and its 140,000 ranges counted.
    const at = await connect();
    const ranges = Array.from({ length: 140_000 }, () => [0, 10]);
    const frame = JSON.stringify({ id: 1, method: 'countTokens', params: { documentId, tokenizer: 'cl100k_base', ranges } }).padEnd(MAX_FRAME_BYTES, ' ');
    expect(Buffer.byteLength(frame)).toBe(MAX_FRAME_BYTES);
    const answer = await call(at, 1, frame);
    expect(answer.ok).toBe(true);
    expect((answer.result as { counts: number[] }).counts).toHaveLength(140_000);
    expect((await call(at, 2, JSON.stringify({ id: 2, method: 'listStrategies', params: {} }))).ok).toBe(true);
    at.close();
  });

  it("the page's client refuses a call over the limit before sending it, naming the limit, and stays connected", { timeout: 60_000 }, async () => {
    const client = createSocketWorkbench(socketUrl(), { createSocket: (url) => new WebSocket(url) as unknown as SocketLike });
    try {
      const ranges = Array.from({ length: 1_000_000 }, (): [number, number] => [1_000_000, 1_000_017]);
      await expect(client.countTokens({ documentId, tokenizer: 'cl100k_base', ranges })).rejects.toMatchObject({
        code: 'invalid-params',
        message: `countTokens: ${ENVELOPE_TOO_LARGE_MESSAGE}`,
      });
      expect((await client.countTokens({ documentId, tokenizer: 'cl100k_base', ranges: [[0, 10]] })).counts).toHaveLength(1);
    } finally {
      client.close();
    }
  });
});
