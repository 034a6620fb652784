import { WebSocketServer, type WebSocket } from 'ws';
import { wireErrorCodes, type SocketMessage } from '../../shared/ipc/wire';
import { callOutcome, type WorkbenchService } from '../services/workbench';

/** Big enough for the largest `openDocument` the contract allows (200 MB of base64) plus framing. */
const MAX_MESSAGE_BYTES = 210 * 1024 * 1024;

/**
 * The service over WebSocket: `{ id, method, params }` in, `{ id, ok, result | error }` out, and
 * every service event pushed as `{ event }`. Authentication happens before the upgrade (server.ts);
 * a malformed message gets an error answer and the connection stays usable.
 */
export function createSocketTransport(service: WorkbenchService): {
  server: WebSocketServer;
  close(): Promise<void>;
} {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  server.on('connection', (socket: WebSocket) => {
    const send = (message: SocketMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const unsubscribe = service.onEvent((event) => send({ event }));
    socket.on('close', unsubscribe);
    socket.on('error', unsubscribe);
    socket.on('message', (data, isBinary) => {
      void answer(data.toString(), isBinary).then(send);
    });
  });

  async function answer(text: string, isBinary: boolean): Promise<SocketMessage> {
    let request: unknown;
    try {
      if (isBinary) throw new Error('binary frame');
      request = JSON.parse(text);
    } catch {
      return { id: 0, ok: false, error: { code: wireErrorCodes.malformedCall, message: 'a call must be a JSON text frame' } };
    }
    const id = typeof (request as { id?: unknown })?.id === 'number' ? (request as { id: number }).id : 0;
    if (id === 0) return { id, ok: false, error: { code: wireErrorCodes.malformedCall, message: 'a call needs a numeric id' } };
    return { id, ...(await callOutcome(service, request, { transport: 'web' })) };
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
