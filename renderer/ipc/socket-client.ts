/**
 * The contract over a WebSocket, for the browser: the same `WorkbenchApi` the Electron preload
 * exposes, generated from the contract's method list. The web host authenticates the socket with
 * the cookie it set when the page was opened with its token, and checks the Origin. Long strings
 * (a large document's text) travel as binary frames beside their message, encoded and decoded a
 * slice per task (shared/ipc/long-strings.ts). A call whose JSON is larger than one frame the host
 * reads (1 MiB) goes in pieces (shared/ipc/framed-envelope.ts), up to 16 MiB.
 */
import { methodNames, type WorkbenchApi, type WorkbenchEvent } from '../../shared/ipc/contract';
import { FrameAssembler, type AssembledMessage, type FramedEnvelope, type MalformedMessage } from '../../shared/ipc/frame-assembler';
import { envelopeHeaderFrame, envelopePieces } from '../../shared/ipc/framed-envelope';
import {
  ENVELOPE_TOO_LARGE_MESSAGE,
  FRAME_TOO_LARGE_CLOSE_CODE,
  FRAME_TOO_LARGE_MESSAGE,
  MAX_ENVELOPE_BYTES,
  MAX_FRAME_BYTES,
  putLongStrings,
  takeLongStrings,
} from '../../shared/ipc/long-strings';
import { WorkbenchCallError, wireErrorCodes, type CallOutcome, type SocketCall, type SocketMessage } from '../../shared/ipc/wire';
import { blobsToText, textToBlobs } from './blob-text';

/** The part of the browser's WebSocket this client uses (so tests can hand in another). */
export interface SocketLike {
  readonly readyState: number;
  binaryType: string;
  onopen: ((this: never, ev: never) => unknown) | null;
  onmessage: ((this: never, ev: { data: unknown }) => unknown) | null;
  onclose: ((this: never, ev: { code?: number }) => unknown) | null;
  onerror: ((this: never, ev: never) => unknown) | null;
  send(data: string | Blob): void;
  close(): void;
}

export interface SocketClientOptions {
  createSocket?: (url: string) => SocketLike;
  /** Wait before reconnecting after a lost connection while someone listens for events. */
  reconnectDelayMs?: number;
}

const OPEN = 1;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface SocketWorkbench extends WorkbenchApi {
  /** Closes the connection and stops reconnecting. */
  close(): void;
}

/**
 * Answers come from the page's own host, and one (an export of a large document) may be larger
 * than any call: no cap on their total bytes. Each frame is still held to STRING_FRAME_BYTES, and
 * each string to MAX_STRING_FRAMES frames (stringPlacesOf): 841 MiB.
 */
function newAssembler(): FrameAssembler<Blob> {
  return new FrameAssembler<Blob>((frame) => frame.size, Number.POSITIVE_INFINITY);
}

/**
 * A call's envelope as the frames that carry it: one text frame, or, past MAX_FRAME_BYTES of UTF-8,
 * a header and the envelope's pieces; null past MAX_ENVELOPE_BYTES. Encoded only where it might
 * pass one frame (3 bytes a character at most).
 */
function envelopeFrames(id: number, envelope: string): (string | Blob)[] | null {
  if (envelope.length * 3 <= MAX_FRAME_BYTES) return [envelope];
  const utf8 = new TextEncoder().encode(envelope);
  if (utf8.length <= MAX_FRAME_BYTES) return [envelope];
  if (utf8.length > MAX_ENVELOPE_BYTES) return null;
  return [envelopeHeaderFrame(id, utf8.length), ...envelopePieces(utf8).map((piece) => new Blob([piece as Uint8Array<ArrayBuffer>]))];
}

/** A listener's error is reported as a throw in an event handler is, without stopping the others. */
function report(err: unknown): void {
  if (typeof reportError === 'function') reportError(err);
  else console.error(err);
}

export function createSocketWorkbench(url: string, options: SocketClientOptions = {}): SocketWorkbench {
  const createSocket = options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const pending = new Map<number, Pending>();
  const queued: (string | Blob)[] = [];
  const listeners = new Set<(event: WorkbenchEvent) => void>();
  let socket: SocketLike | null = null;
  let nextId = 1;
  let closed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let frames = newAssembler();
  /** Messages are handled one after the other, in the order they came, however long their strings take. */
  let inbox = Promise.resolve();

  function connect(): SocketLike {
    if (socket) return socket;
    const ws = createSocket(url);
    ws.binaryType = 'blob';
    socket = ws;
    frames = newAssembler();
    ws.onopen = () => {
      for (const data of queued.splice(0)) ws.send(data);
    };
    ws.onmessage = (ev) => {
      const messages = typeof ev.data === 'string' ? frames.text(ev.data) : frames.binary(ev.data as Blob);
      // Whatever goes wrong with one message is reported and the chain goes on to the next.
      for (const message of messages) inbox = inbox.then(() => receive(message)).catch(report);
    };
    ws.onerror = () => undefined; // onclose follows and does the cleaning up
    ws.onclose = (ev) => {
      if (socket !== ws) return;
      socket = null;
      queued.length = 0;
      // 1009: the host refused a frame over its limit (another client of this page's, as this one checks its own).
      const message = ev?.code === FRAME_TOO_LARGE_CLOSE_CODE ? `the workbench server closed the connection: ${FRAME_TOO_LARGE_MESSAGE}` : 'lost the connection to the workbench server';
      const lost = new WorkbenchCallError({ code: wireErrorCodes.connection, message });
      for (const call of pending.values()) call.reject(lost);
      pending.clear();
      // Events only flow over an open socket: keep one while anyone listens.
      if (!closed && listeners.size > 0 && reconnectTimer === null) {
        reconnectTimer = setTimeout(() => {
          reconnectTimer = null;
          if (!closed && listeners.size > 0) connect();
        }, reconnectDelayMs);
      }
    };
    return ws;
  }

  async function receive(assembled: AssembledMessage<Blob> | MalformedMessage | FramedEnvelope<Blob>): Promise<void> {
    // The host answers whole envelopes: a framed one fails the call it names.
    if ('pieces' in assembled) return settle(assembled.header.id, { ok: false, error: { code: wireErrorCodes.malformedCall, message: 'the answer came as a framed envelope' } });
    if ('error' in assembled) {
      // An answer whose strings did not come as announced fails its call; one not even read
      // cannot be matched to a call.
      const id = (assembled.envelope as { id?: unknown } | undefined)?.id;
      if (typeof id === 'number') settle(id, { ok: false, error: { code: wireErrorCodes.malformedCall, message: assembled.error } });
      return;
    }
    const message = assembled.envelope as SocketMessage;
    try {
      const texts: string[] = [];
      for (const frames of assembled.parts) texts.push(await blobsToText(frames));
      putLongStrings(message, assembled.paths, texts);
    } catch (err) {
      if ('id' in message) settle(message.id, { ok: false, error: { code: wireErrorCodes.malformedCall, message: `the answer could not be read: ${String(err)}` } });
      return;
    }
    if ('event' in message) {
      for (const listener of [...listeners]) {
        try {
          listener(message.event);
        } catch (err) {
          report(err);
        }
      }
      return;
    }
    settle(message.id, message);
  }

  function settle(id: number, outcome: CallOutcome): void {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    if (outcome.ok) call.resolve(outcome.result);
    else call.reject(new WorkbenchCallError(outcome.error));
  }

  function call(method: string, params: unknown): Promise<unknown> {
    if (closed) {
      return Promise.reject(new WorkbenchCallError({ code: wireErrorCodes.connection, message: 'the workbench connection is closed' }));
    }
    const id = nextId++;
    const request: SocketCall = { id, method, params };
    const { value, paths, strings } = takeLongStrings(request);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      /** The envelope's frames, or null once the call is refused here with the limit named (rather than sent for the host to refuse). */
      const framed = (envelope: string) => {
        const frames = envelopeFrames(id, envelope);
        if (frames) return frames;
        pending.delete(id);
        reject(new WorkbenchCallError({ code: wireErrorCodes.invalidParams, message: `${method}: ${ENVELOPE_TOO_LARGE_MESSAGE}` }));
        return null;
      };
      if (strings.length === 0) {
        const frames = framed(JSON.stringify(request));
        if (frames) transmit(frames);
        return;
      }
      // The envelope and its strings go out together, once every string is encoded.
      Promise.all(strings.map(textToBlobs)).then(
        (pieces) => {
          const places = paths.map((path, i) => ({ path, frames: (pieces[i] as Blob[]).length }));
          const frames = framed(JSON.stringify({ ...(value as SocketCall), strings: places }));
          if (frames) transmit([...frames, ...pieces.flat()]);
        },
        (err: unknown) => {
          pending.delete(id);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  function transmit(message: (string | Blob)[]): void {
    const ws = connect();
    if (ws.readyState === OPEN) for (const frame of message) ws.send(frame);
    else queued.push(...message);
  }

  const api: Record<string, unknown> = {
    onEvent(listener: (event: WorkbenchEvent) => void) {
      listeners.add(listener);
      connect();
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      closed = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      socket?.close();
    },
  };
  for (const method of methodNames) api[method] = (params: unknown) => call(method, params);
  return api as unknown as SocketWorkbench;
}
