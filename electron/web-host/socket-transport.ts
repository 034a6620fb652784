import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { FrameAssembler, type Assembled, type AssembledMessage, type FramedEnvelope, type MalformedMessage } from '../../shared/ipc/frame-assembler';
import { LongStringsError, MAX_ENVELOPE_BYTES, MAX_FRAME_BYTES, STRING_FRAME_BYTES, putLongStrings, takeLongStrings } from '../../shared/ipc/long-strings';
import { WORKBENCH_PAGE_ID, WORKBENCH_PAGE_PARAM, wireErrorCodes, type SocketMessage } from '../../shared/ipc/wire';
import { callOutcome, followEvents, type WorkbenchService } from '../services/workbench';
import { workerEntry } from '../services/worker/worker-entries';
import { WorkerPool } from '../services/worker/worker-pool';
import { ConnectionBackpressure, DEFAULT_BACKPRESSURE, type BackpressureLimits } from './backpressure';
import type { FrameCheck } from '../../shared/ipc/frame-check';
import { toWireError } from '../../shared/ipc/workbench-error';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WorkbenchEvent } from '../../shared/ipc/contract';

/** Joins a framed envelope's pieces, parses and checks its call, off the event loop (frame-check.ts). */
export type FrameChecker = (pieces: Uint8Array[]) => Promise<FrameCheck>;

/** Bytes of frames one connection may have waiting for a check; past them it is closed (1008). */
const MAX_WAITING_FRAME_BYTES = 4 * MAX_ENVELOPE_BYTES;

/** One worker for the host's frame checks, apart from the runs' pool: a check never waits behind a run. */
export function defaultFrameChecker(): FrameChecker {
  let pool: WorkerPool | null = null;
  return (pieces) => {
    pool ??= new WorkerPool(workerEntry('heavyWork'), { size: 1, queue: 1000 });
    return pool.run({ kind: 'check-frame', pieces });
  };
}

/**
 * The service over WebSocket: `{ id, method, params }` in, `{ id, ok, result | error }` out, and
 * every service event pushed as `{ event }`; long strings both ways as binary frames after their
 * message (shared/ipc/long-strings.ts). Authentication happens before the upgrade (server.ts); a
 * malformed message gets an error answer and the connection stays usable. Each connection has its
 * backpressure (backpressure.ts): a client that does not read its answers is not read either.
 */
export function createSocketTransport(
  service: WorkbenchService,
  limits: BackpressureLimits = DEFAULT_BACKPRESSURE,
  checkFrame: FrameChecker = defaultFrameChecker(),
): {
  server: WebSocketServer;
  close(): Promise<void>;
} {
  // A frame longer than MAX_FRAME_BYTES (1 MiB) is refused by ws from its header, before it is
  // kept or parsed (close 1009): ws never joins or unmasks more than 1 MiB in one go, and a larger
  // envelope comes in pieces (framed-envelope.ts), joined and parsed first in the frame checker.
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  // An event goes to every connection it is for: its frames are made once (a pull's snapshot is
  // stringified once, not once per client), and kept while the event object lives.
  const eventFramesMade = new WeakMap<WorkbenchEvent, ReadonlyArray<string | Buffer>>();
  const eventFrames = (event: WorkbenchEvent) => {
    let frames = eventFramesMade.get(event);
    if (!frames) eventFramesMade.set(event, (frames = framesOf({ event })));
    return frames;
  };

  server.on('connection', (socket: WebSocket, request?: IncomingMessage) => {
    const pressure = new ConnectionBackpressure(socket, limits);
    /** Sends a message's frames; `flushed` runs once the last is handed to the OS, or at once if nothing is sent. */
    const sendFrames = (frames: ReadonlyArray<string | Buffer>, flushed?: () => void) => {
      if (socket.readyState !== socket.OPEN) return flushed?.();
      frames.forEach((frame, i) => socket.send(frame, pressure.sending(Buffer.byteLength(frame), i === frames.length - 1 ? flushed : undefined)));
    };
    const send = (message: SocketMessage, flushed?: () => void) => {
      if (socket.readyState !== socket.OPEN) return flushed?.();
      sendFrames(framesOf(message), flushed);
    };
    // The connection's id in its calls: the runs, batches and trainings it starts report to it
    // alone (connection-events.ts, which also coalesces job snapshots); each event written out
    // once for all the connections it goes to.
    const caller = callerOf(request);
    const stop = followEvents(service, caller, (event) => sendFrames(eventFrames(event)));
    socket.on('close', stop);
    socket.on('error', stop);
    const frames = new FrameAssembler<Buffer>((frame) => frame.length);
    const start = (messages: (AssembledMessage<Buffer> | MalformedMessage)[]) => {
      for (const message of messages) {
        pressure.startCall((done) =>
          void answer(message, caller).then(
            (reply) => send(reply, done),
            (err: unknown) => {
              // A bug, not the client's: its slot is freed, and the error goes on as before.
              done();
              throw err;
            },
          ),
        );
      }
    };
    // Frames are read in the order they came: while a framed envelope is being joined and checked
    // off the loop, the frames after it wait (their bytes counted, the connection closed past the limit).
    const backlog: { data: RawData; isBinary: boolean; size: number }[] = [];
    let checking = false;
    let waitingBytes = 0;
    const handle = (out: Assembled<Buffer>) => {
      for (let i = 0; i < out.length; i++) {
        const item = out[i]!;
        if (!('pieces' in item)) {
          start([item]);
          continue;
        }
        checking = true;
        void check(item).then(
          () => {
            checking = false;
            handle(out.slice(i + 1));
            drain();
          },
          // A bug, not the client's: the connection cannot go on in order.
          () => socket.close(1011, 'the host could not read a frame'),
        );
        return;
      }
    };
    const check = async ({ header, pieces }: FramedEnvelope<Buffer>) => {
      // Plain views: a piece that is the whole of its buffer is handed to the worker, not copied.
      const views = pieces.map((piece) => new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength));
      const checked = await checkFrame(views).catch((err: unknown): FrameCheck => ({ ok: false, id: header.id, error: toWireError(err) }));
      if (checked.ok) {
        const read = frames.joined(checked.text ?? Buffer.concat(pieces).toString('utf8'));
        // The parse of up to 16 MiB held the loop for its turn (30-90 ms for 200,000 ranges with
        // its garbage): the call's check and first steps wait for the next turn, so the two are
        // never one block other clients wait behind (issue 36, `bench:host-load -- frame`).
        await new Promise((resolve) => setImmediate(resolve));
        // A refusal of what the envelope holds answers the call its header named.
        return handle(read.map((message) => ('error' in message && message.envelope === undefined ? { ...message, envelope: { id: header.id } } : message)));
      }
      pressure.startCall((done) => send({ id: checked.id, ok: false, error: checked.error }, done));
    };
    const read = (data: RawData, isBinary: boolean) => handle(isBinary ? frames.binary(asBuffer(data)) : frames.text(data.toString()));
    const drain = () => {
      while (!checking && backlog.length > 0) {
        const next = backlog.shift()!;
        waitingBytes -= next.size;
        read(next.data, next.isBinary);
      }
    };
    socket.on('message', (data, isBinary) => {
      if (!checking) return read(data, isBinary);
      const size = rawSize(data);
      waitingBytes += size;
      if (waitingBytes > MAX_WAITING_FRAME_BYTES) {
        backlog.length = 0;
        socket.close(1008, 'the client sends large frames faster than the host reads them');
        return;
      }
      backlog.push({ data, isBinary, size });
    });
  });

  async function answer(message: AssembledMessage<Buffer> | MalformedMessage, caller: string): Promise<SocketMessage> {
    const envelope = message.envelope;
    const id = typeof (envelope as { id?: unknown } | null)?.id === 'number' ? (envelope as { id: number }).id : 0;
    if ('error' in message) return malformed(id, message.error);
    if (id === 0) return malformed(id, 'a call needs a numeric id');
    try {
      putLongStrings(envelope, message.paths, message.parts.map((frames) => Buffer.concat(frames).toString('utf8')));
    } catch (err) {
      if (err instanceof LongStringsError) return malformed(id, err.message);
      throw err;
    }
    return { id, ...(await callOutcome(service, envelope, { transport: 'web', caller })) };
  }

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.close(1001, 'the workbench is shutting down');
        server.close(() => resolve());
      }),
  };
}

/** A message as its frames: the envelope as JSON text, then its long strings in binary frames of STRING_FRAME_BYTES. */
function framesOf(message: SocketMessage): Array<string | Buffer> {
  const { value, paths, strings } = takeLongStrings(message);
  const bytes = strings.map((text) => Buffer.from(text, 'utf8'));
  const places = paths.map((path, i) => ({ path, frames: Math.ceil((bytes[i] as Buffer).length / STRING_FRAME_BYTES) }));
  const frames: Array<string | Buffer> = [JSON.stringify(paths.length === 0 ? value : { ...(value as object), strings: places })];
  for (const string of bytes) for (let at = 0; at < string.length; at += STRING_FRAME_BYTES) frames.push(string.subarray(at, at + STRING_FRAME_BYTES));
  return frames;
}

/**
 * The connection's caller id: its page's (the URL's `page`, kept across a reconnect) or one of
 * its own. Only the page and the host know a page's id: another client cannot name it.
 */
function callerOf(request: IncomingMessage | undefined): string {
  const page = new URL(request?.url ?? '/', 'http://socket.invalid').searchParams.get(WORKBENCH_PAGE_PARAM);
  return page !== null && WORKBENCH_PAGE_ID.test(page) ? `page:${page}` : `web:${randomUUID()}`;
}

function malformed(id: number, message: string): SocketMessage {
  return { id, ok: false, error: { code: wireErrorCodes.malformedCall, message } };
}

/** A frame's size in bytes, whichever shape ws handed it over in. */
function rawSize(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, piece) => sum + piece.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** ws hands a binary frame over as a Buffer unless told otherwise; the other shapes, joined. */
function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
