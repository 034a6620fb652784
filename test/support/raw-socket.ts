/**
 * A raw WebSocket client of the web host, for tests that send exactly the frames they mean to:
 * connect with the token, send frames, collect answers by id. `framedCall` cuts an envelope into
 * a header and pieces as the page's client does (shared/ipc/framed-envelope.ts).
 */
import WebSocket from 'ws';
import { envelopeHeaderFrame, envelopePieces } from '../../shared/ipc/framed-envelope';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';

export type Answer = { id: number; ok: boolean; result?: unknown; error?: { code: string; message: string } };

export function connectRaw(port: number, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${WORKBENCH_SOCKET_PATH}?token=${token}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The frames of a call whose JSON is `envelope`, framed: a header, then its UTF-8 in pieces. */
export function framedCall(id: number, envelope: string): (string | Buffer)[] {
  const utf8 = Buffer.from(envelope, 'utf8');
  return [envelopeHeaderFrame(id, utf8.length), ...envelopePieces(utf8).map((piece) => Buffer.from(piece))];
}

/** Resolves with the next `count` answers (text frames with an id), in the order they came. */
export function answers(socket: WebSocket, count: number): Promise<Answer[]> {
  return new Promise((resolve) => {
    const got: Answer[] = [];
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      const message = JSON.parse(data.toString()) as Answer;
      if (typeof message.id !== 'number') return;
      got.push(message);
      if (got.length === count) {
        socket.off('message', onMessage);
        resolve(got);
      }
    };
    socket.on('message', onMessage);
  });
}

/** Sends the frames at once and resolves with the next `count` answers, in the order they came. */
export function exchange(socket: WebSocket, frames: (string | Buffer)[], count: number): Promise<Answer[]> {
  const got = answers(socket, count);
  for (const frame of frames) socket.send(frame);
  return got;
}
