/**
 * The contract over a WebSocket, for the browser: the same `WorkbenchApi` the Electron preload
 * exposes, generated from the contract's method list. The web host authenticates the socket with
 * the cookie it set when the page was opened with its token, and checks the Origin.
 */
import { methodNames, type WorkbenchApi, type WorkbenchEvent } from '../../shared/ipc/contract';
import { WorkbenchCallError, wireErrorCodes, type SocketCall, type SocketMessage } from '../../shared/ipc/wire';

/** The part of the browser's WebSocket this client uses (so tests can hand in another). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((this: never, ev: never) => unknown) | null;
  onmessage: ((this: never, ev: { data: unknown }) => unknown) | null;
  onclose: ((this: never, ev: never) => unknown) | null;
  onerror: ((this: never, ev: never) => unknown) | null;
  send(data: string): void;
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

export function createSocketWorkbench(url: string, options: SocketClientOptions = {}): SocketWorkbench {
  const createSocket = options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const pending = new Map<number, Pending>();
  const queued: string[] = [];
  const listeners = new Set<(event: WorkbenchEvent) => void>();
  let socket: SocketLike | null = null;
  let nextId = 1;
  let closed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  function connect(): SocketLike {
    if (socket) return socket;
    const ws = createSocket(url);
    socket = ws;
    ws.onopen = () => {
      for (const data of queued.splice(0)) ws.send(data);
    };
    ws.onmessage = (ev) => receive(ev.data);
    ws.onerror = () => undefined; // onclose follows and does the cleaning up
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      queued.length = 0;
      const lost = new WorkbenchCallError({ code: wireErrorCodes.connection, message: 'lost the connection to the workbench server' });
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

  function receive(data: unknown): void {
    let message: SocketMessage;
    try {
      message = JSON.parse(String(data)) as SocketMessage;
    } catch {
      return;
    }
    if ('event' in message) {
      for (const listener of [...listeners]) listener(message.event);
      return;
    }
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.ok) call.resolve(message.result);
    else call.reject(new WorkbenchCallError(message.error));
  }

  function call(method: string, params: unknown): Promise<unknown> {
    if (closed) {
      return Promise.reject(new WorkbenchCallError({ code: wireErrorCodes.connection, message: 'the workbench connection is closed' }));
    }
    const id = nextId++;
    const request: SocketCall = { id, method, params };
    const data = JSON.stringify(request);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const ws = connect();
      if (ws.readyState === OPEN) ws.send(data);
      else queued.push(data);
    });
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
