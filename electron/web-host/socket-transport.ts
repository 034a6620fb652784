import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { FrameAssembler, type AssembledMessage, type MalformedMessage } from '../../shared/ipc/frame-assembler';
import { LongStringsError, MAX_FRAME_BYTES, STRING_FRAME_BYTES, putLongStrings, takeLongStrings } from '../../shared/ipc/long-strings';
import { WORKBENCH_PAGE_ID, WORKBENCH_PAGE_PARAM, wireErrorCodes, type SocketMessage } from '../../shared/ipc/wire';
import { callOutcome, followEvents, type WorkbenchService } from '../services/workbench';
import { workerEntry } from '../services/worker/worker-entries';
import { WorkerPool } from '../services/worker/worker-pool';
import { ConnectionBackpressure, DEFAULT_BACKPRESSURE, type BackpressureLimits } from './backpressure';
import { OFF_LOOP_FRAME_BYTES, type FrameCheck } from '../../shared/ipc/frame-check';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WorkbenchEvent } from '../../shared/ipc/contract';

/** Checks a large text frame, its UTF-8 bytes, off the event loop (frame-check.ts). */
export type FrameChecker = (frame: Uint8Array) => Promise<FrameCheck>;

/** Bytes of frames one connection may have waiting for a check; past them it is closed (1008). */
const MAX_WAITING_FRAME_BYTES = 4 * MAX_FRAME_BYTES;

/** One worker for the host's frame checks, apart from the runs' pool: a check never waits behind a run. */
export function defaultFrameChecker(): FrameChecker {
  let pool: WorkerPool | null = null;
  return (frame) => {
    pool ??= new WorkerPool(workerEntry('heavyWork'), { size: 1, queue: 1000 });
    return pool.run({ kind: 'check-frame', bytes: frame });
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
  // A frame longer than MAX_FRAME_BYTES is refused by ws from its header, before it is kept or
  // parsed (close 1009): JSON.parse and the contract's limits only ever see a bounded frame.
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
    const start = (messages: ReturnType<typeof frames.text>) => {
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
    const read = (data: RawData, isBinary: boolean) => start(isBinary ? frames.binary(asBuffer(data)) : frames.text(data.toString()));
    // Frames are read in the order they came: once a large one is being checked off the loop, the
    // ones after it wait for it (their bytes counted, the connection closed past the limit).
    let checking: Promise<void> | null = null;
    let waitingBytes = 0;
    socket.on('message', (data, isBinary) => {
      const size = rawSize(data);
      const large = !isBinary && size > OFF_LOOP_FRAME_BYTES;
      if (!checking && !large) return read(data, isBinary);
      waitingBytes += size;
      if (waitingBytes > MAX_WAITING_FRAME_BYTES) {
        socket.close(1008, 'the client sends large frames faster than the host reads them');
        return;
      }
      checking = (checking ?? Promise.resolve())
        .then(async () => {
          if (!large) return read(data, isBinary);
          // The bytes go to the worker (a copy, handed over): decoding them here as text cost as
          // much as a third of the parse on the loaded machine.
          const bytes = asBuffer(data);
          // A plain view: where it is the whole of its buffer (ws joins a large frame into one of
          // its own) the buffer is handed over and back, else the pool hands over a copy.
          const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          const check = await checkFrame(view).catch((): FrameCheck => ({ ok: true }));
          if (check.ok) return start(frames.text((check.bytes && check.bytes.byteLength === size ? Buffer.from(check.bytes.buffer, check.bytes.byteOffset, check.bytes.byteLength) : bytes).toString()));
          start(frames.textAnswered());
          pressure.startCall((done) => send({ id: check.id, ok: false, error: check.error }, done));
        })
        // A bug, not the client's: the connection cannot go on in order.
        .catch(() => socket.close(1011, 'the host could not read a frame'))
        .finally(() => {
          waitingBytes -= size;
        });
      const mine = checking;
      void mine.then(() => {
        if (checking === mine) checking = null;
      });
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
