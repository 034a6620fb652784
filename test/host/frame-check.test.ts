/**
 * Large call envelopes are joined, read and checked off the host's event loop (issue 36): an
 * envelope at the 16 MiB limit held the loop 5.4 s on the loaded build machine only for the
 * contract to refuse it. Such an envelope comes in 1 MiB pieces (shared/ipc/framed-envelope.ts).
 * Through the real web host with the real checker (a worker thread), recorded: a framed envelope
 * goes to the checker and a refused one is answered from its refusal, exactly as the service
 * words it; a valid one is answered by the service; frames after a framed one on the same
 * connection are answered in the order they came; a call of one frame never goes to the checker.
 * Another client's wait is timed by bench/host-load.ts, not here.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFrame } from '../../shared/ipc/frame-check';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { defaultFrameChecker } from '../../electron/web-host/socket-transport';
import { connectRaw, exchange, framedCall } from '../support/raw-socket';
import { scratchDir } from '../support/scratch-dir';

const dir = scratchDir('frame-check-');
let service: WorkbenchService;
let host: WebHost;
let documentId: string;
const checked: { bytes: number; ok: boolean }[] = [];

const connect = () => connectRaw(host.port, host.token);

/** A countTokens call of `count` ranges. */
const countTokens = (id: number, count: number) =>
  JSON.stringify({ id, method: 'countTokens', params: { documentId, tokenizer: 'cl100k_base', ranges: Array.from({ length: count }, () => [0, 10]) } });
const listStrategies = (id: number) => JSON.stringify({ id, method: 'listStrategies', params: {} });

beforeAll(async () => {
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
  const real = defaultFrameChecker();
  host = await startWebHost({
    service,
    rendererDir: dir,
    port: 0,
    checkFrame: async (pieces) => {
      const bytes = pieces.reduce((sum, piece) => sum + piece.byteLength, 0); // the pieces' buffers may be handed to the worker
      const check = await real(pieces);
      checked.push({ bytes, ok: check.ok });
      return check;
    },
  });
  const socket = await connect();
  const text = 'A short document to count tokens in. '.repeat(100);
  const [opened] = await exchange(socket, [JSON.stringify({ id: 1, method: 'openDocument', params: { name: 'short.txt', dataBase64: Buffer.from(text).toString('base64') } })], 1);
  documentId = (opened!.result as { id: string }).id;
  socket.close();
});

afterAll(async () => {
  await host?.close();
  await service?.dispose();
});

describe('large envelopes checked off the event loop', () => {
  it('a framed envelope over the contract limit is refused by the checker, worded as the service words it, and the calls after it answered in order', { timeout: 120_000 }, async () => {
    checked.length = 0;
    const socket = await connect();
    const refused = countTokens(2, 300_000);
    expect(Buffer.byteLength(refused)).toBeGreaterThan(1 << 20);
    const answers = await exchange(socket, [listStrategies(1), ...framedCall(2, refused), listStrategies(3), countTokens(4, 2)], 4);
    expect(answers.map((a) => [a.id, a.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, true],
    ]);
    // The same words as the service's own check gives (on this thread here, for comparison).
    const same = checkFrame(refused);
    expect(same.ok).toBe(false);
    expect(answers[1]!.error).toEqual(same.ok ? null : same.error);
    expect(answers[1]!.error!.message).toMatch(/^invalid params for countTokens: ranges: Too big: expected array to have <=200000 items/);
    expect(checked).toEqual([{ bytes: Buffer.byteLength(refused), ok: false }]);
    socket.close();
  });

  it('a valid framed envelope is checked, then answered by the service; a call of one frame is not checked', { timeout: 120_000 }, async () => {
    checked.length = 0;
    const socket = await connect();
    const frame = countTokens(1, 180_000);
    expect(Buffer.byteLength(frame)).toBeGreaterThan(1 << 20);
    // Answered by id (the counting yields to the loop, so the small call may be answered first).
    const [answer, small] = (await exchange(socket, [...framedCall(1, frame), countTokens(2, 40_000)], 2)).sort((x, y) => x.id - y.id);
    expect(answer!.ok).toBe(true);
    expect((answer!.result as { counts: number[] }).counts).toHaveLength(180_000);
    expect((small!.result as { counts: number[] }).counts).toHaveLength(40_000);
    expect(checked).toEqual([{ bytes: Buffer.byteLength(frame), ok: true }]);
    socket.close();
  });

  it('a framed envelope that is not JSON gets the usual answer, to the call its header names; the connection goes on', { timeout: 60_000 }, async () => {
    const socket = await connect();
    const answers = await exchange(socket, [...framedCall(4, 'x'.repeat(2 << 20)), listStrategies(5)], 2);
    expect(answers).toEqual([
      { id: 4, ok: false, error: { code: 'malformed-call', message: 'a message must be a JSON text frame' } },
      expect.objectContaining({ id: 5, ok: true }),
    ]);
    socket.close();
  });
});
