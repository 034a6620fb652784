/**
 * A call envelope larger than one frame (MAX_FRAME_BYTES, 1 MiB, the host's ws maxPayload) goes
 * as a header and 1 MiB pieces (shared/ipc/framed-envelope.ts; issue 36: a frame just under the
 * former 16 MiB limit held the host's loop ~170 ms inside ws). Through the real web host: the
 * page's client sends a 200,000-range countTokens and a whole correction of 200,000 boundaries in
 * pieces, no frame over the limit, and gets the same answers as the same work in calls of one
 * frame; a declared size over MAX_ENVELOPE_BYTES is refused from the header, before any piece
 * comes, and its pieces dropped unanswered; pieces of one connection interleaved with another's
 * calls do not mix; a wrong-sized piece or a text frame among the pieces refuses the envelope,
 * naming why, and the connection goes on. Another client's wait: bench/host-load.ts.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { ENVELOPE_PIECE_BYTES, envelopeHeaderFrame } from '../../shared/ipc/framed-envelope';
import { ENVELOPE_TOO_LARGE_MESSAGE, MAX_ENVELOPE_BYTES, MAX_FRAME_BYTES } from '../../shared/ipc/long-strings';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { correctedFileSchema } from '../../shared/workspace/schema';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { answers, connectRaw, exchange, framedCall } from '../support/raw-socket';
import { scratchDir } from '../support/scratch-dir';

const dir = scratchDir('framed-envelope-');
const LINE = 'A line that says one thing.\n';
const BOUNDARIES = 200_000;
const linesText = LINE.repeat(BOUNDARIES + 2);

let service: WorkbenchService;
let host: WebHost;
let client: SocketWorkbench;
let documentId: string;
let workspaceDocumentId: string;
/** The size of every frame the page's client sent, and whether it was text. */
const sent: { bytes: number; text: boolean }[] = [];

const connect = () => connectRaw(host.port, host.token);
const listStrategies = (id: number) => JSON.stringify({ id, method: 'listStrategies', params: {} });
const countTokens = (id: number, ranges: [number, number][]) => JSON.stringify({ id, method: 'countTokens', params: { documentId, tokenizer: 'cl100k_base', ranges } });
/** `count` ranges of varied lengths, so that a mixed-up or reordered answer shows. */
const rangesOf = (count: number, length = 0): [number, number][] => Array.from({ length: count }, (_, i) => [i % 1000, (i % 1000) + 1 + ((i * 7 + length) % 60)]);

beforeAll(async () => {
  const setup = await WorkspaceService.open(path.join(dir, 'ws'), { readSource: async () => ({ text: '', sourceFormat: 'txt' }) });
  workspaceDocumentId = (await setup.addDocument({ name: 'lines.txt', text: linesText, sourceFormat: 'txt' })).id;
  await setup.close();
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources'), workspaceDir: path.join(dir, 'ws') });
  host = await startWebHost({ service, rendererDir: dir, port: 0 });
  client = createSocketWorkbench(`ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}?token=${host.token}`, {
    createSocket: (url) => {
      const ws = new WebSocket(url);
      const send = ws.send.bind(ws);
      ws.send = ((data: string | Blob) => {
        sent.push(typeof data === 'string' ? { bytes: Buffer.byteLength(data), text: true } : { bytes: data.size, text: false });
        send(data);
      }) as typeof ws.send;
      return ws as unknown as SocketLike;
    },
  });
  const text = 'Words of a document to count tokens in, with some punctuation: commas, dots. '.repeat(30);
  documentId = (await client.openDocument({ name: 'count.txt', dataBase64: Buffer.from(text).toString('base64') })).id;
}, 120_000);

afterAll(async () => {
  client?.close();
  await host?.close();
  await service?.dispose();
});

describe("the page's client sends a large envelope in pieces", () => {
  it('200,000 ranges to countTokens: framed, no frame over 1 MiB, the same counts as in calls of one frame', { timeout: 120_000 }, async () => {
    const ranges = rangesOf(200_000);
    const envelopeBytes = Buffer.byteLength(JSON.stringify({ id: 0, method: 'countTokens', params: { documentId, tokenizer: 'cl100k_base', ranges } }));
    expect(envelopeBytes).toBeGreaterThan(MAX_FRAME_BYTES);
    const from = sent.length;
    const whole = await client.countTokens({ documentId, tokenizer: 'cl100k_base', ranges });
    const frames = sent.slice(from);
    expect(Math.max(...frames.map((f) => f.bytes))).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    // A header, then the envelope's pieces.
    expect(frames[0]).toMatchObject({ text: true });
    expect(frames.slice(1).every((f) => !f.text)).toBe(true);
    expect(frames).toHaveLength(1 + Math.ceil(envelopeBytes / ENVELOPE_PIECE_BYTES));

    const inParts: number[] = [];
    for (let at = 0; at < ranges.length; at += 20_000) inParts.push(...(await client.countTokens({ documentId, tokenizer: 'cl100k_base', ranges: ranges.slice(at, at + 20_000) })).counts);
    expect(whole.counts).toEqual(inParts);
    expect(new Set(whole.counts).size).toBeGreaterThan(5);
  });

  it('a whole correction of 200,000 boundaries is saved from pieces, as sent', { timeout: 120_000 }, async () => {
    const segmentation = segmentationFromCuts(linesText, Array.from({ length: BOUNDARIES }, (_, i) => (i + 2) * LINE.length));
    expect(Buffer.byteLength(JSON.stringify(segmentation))).toBeGreaterThan(MAX_FRAME_BYTES);
    const from = sent.length;
    const saved = await client.workspaceSaveCorrection({ workspaceDocumentId, segmentation, basedOnStrategy: null });
    expect(saved.revision).toBe(1);
    expect(sent.slice(from).filter((f) => !f.text).length).toBeGreaterThan(1);
    const file = correctedFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'ws', 'documents', workspaceDocumentId, 'corrected.json'), 'utf8')));
    expect(file.segmentation).toEqual(segmentation);
  });

  it('refuses an envelope over 16 MiB before sending it, naming the limit', { timeout: 60_000 }, async () => {
    const ranges = Array.from({ length: 1_000_000 }, (): [number, number] => [1_000_000, 1_000_017]);
    const from = sent.length;
    await expect(client.countTokens({ documentId, tokenizer: 'cl100k_base', ranges })).rejects.toMatchObject({ code: 'invalid-params', message: `countTokens: ${ENVELOPE_TOO_LARGE_MESSAGE}` });
    expect(sent.length).toBe(from);
  });
});

describe('framed envelopes on the wire', () => {
  it('a declared size over 16 MiB is refused from the header, before any piece; its pieces are dropped unanswered', { timeout: 60_000 }, async () => {
    const socket = await connect();
    const [refused] = await exchange(socket, [envelopeHeaderFrame(3, MAX_ENVELOPE_BYTES + 1)], 1);
    expect(refused).toEqual({ id: 3, ok: false, error: { code: 'malformed-call', message: `${ENVELOPE_TOO_LARGE_MESSAGE}; this one declares ${MAX_ENVELOPE_BYTES + 1}` } });
    // Its pieces come after all: dropped, unanswered; the next call is answered, and only it.
    const next = await exchange(socket, [Buffer.alloc(ENVELOPE_PIECE_BYTES, 32), Buffer.alloc(ENVELOPE_PIECE_BYTES, 32), listStrategies(4)], 1);
    expect(next).toEqual([expect.objectContaining({ id: 4, ok: true })]);
    socket.close();
  });

  it("one connection's pieces interleaved with another's calls do not mix", { timeout: 120_000 }, async () => {
    const a = await connect();
    const b = await connect();
    const rangesA = rangesOf(150_000, 0);
    const rangesB = rangesOf(150_000, 13);
    const framesA = framedCall(1, countTokens(1, rangesA));
    expect(framesA.length).toBeGreaterThanOrEqual(3);
    // A: header and half its pieces; then B, the same id, whole, and a call of one frame; then the rest of A.
    const half = Math.ceil(framesA.length / 2);
    const answerA = answers(a, 1);
    for (const frame of framesA.slice(0, half)) a.send(frame);
    const answersB = await exchange(b, [...framedCall(1, countTokens(1, rangesB)), countTokens(2, rangesB.slice(0, 10))], 2);
    for (const frame of framesA.slice(half)) a.send(frame);
    const [gotA] = await answerA;

    const expected = async (ranges: [number, number][]) => {
      const counts: number[] = [];
      for (let at = 0; at < ranges.length; at += 30_000) counts.push(...(await client.countTokens({ documentId, tokenizer: 'cl100k_base', ranges: ranges.slice(at, at + 30_000) })).counts);
      return counts;
    };
    const countsA = await expected(rangesA);
    const countsB = await expected(rangesB);
    expect(countsA).not.toEqual(countsB);
    expect(gotA).toMatchObject({ id: 1, ok: true, result: { counts: countsA } });
    // Matched by id: the counting yields to the loop, so the small call may be answered first.
    expect(answersB.sort((x, y) => x.id - y.id)).toEqual([
      { id: 1, ok: true, result: { counts: countsB } },
      { id: 2, ok: true, result: { counts: countsB.slice(0, 10) } },
    ]);
    a.close();
    b.close();
  });

  it('a piece of the wrong size, or a text frame among the pieces, refuses the envelope; the connection goes on', { timeout: 60_000 }, async () => {
    const socket = await connect();
    const bytes = 2 * ENVELOPE_PIECE_BYTES + 10;
    const wrong = await exchange(socket, [envelopeHeaderFrame(5, bytes), Buffer.alloc(ENVELOPE_PIECE_BYTES - 1, 32), Buffer.alloc(10, 32), listStrategies(6)], 2);
    expect(wrong).toEqual([
      { id: 5, ok: false, error: { code: 'malformed-call', message: `piece 1 of a framed envelope of ${bytes} bytes must hold ${ENVELOPE_PIECE_BYTES} bytes, this one ${ENVELOPE_PIECE_BYTES - 1}` } },
      expect.objectContaining({ id: 6, ok: true }),
    ]);
    const cut = await exchange(socket, [envelopeHeaderFrame(7, bytes), Buffer.alloc(ENVELOPE_PIECE_BYTES, 32), listStrategies(8)], 2);
    expect(cut).toEqual([
      { id: 7, ok: false, error: { code: 'malformed-call', message: 'a text frame came after 1 of the 3 pieces of a framed envelope' } },
      expect.objectContaining({ id: 8, ok: true }),
    ]);
    socket.close();
  });
});
