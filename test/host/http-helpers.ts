import http from 'node:http';
import WebSocket from 'ws';

export interface SimpleResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET with full control of the headers (fetch forbids setting Host). */
export function get(port: number, path: string, headers: Record<string, string> = {}): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { Host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket; resolves with the open socket, or with the HTTP status that refused it. */
export function openSocket(url: string, headers: Record<string, string>): Promise<{ socket: WebSocket } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (err) => reject(err));
  });
}

/** The next message on a socket, parsed, that satisfies `accept`. */
export function nextMessage<T>(socket: WebSocket, accept: (message: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as T;
      if (!accept(message)) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}

/** What a browser does with the printed URL: open it and keep the session cookie it is given. */
export async function sessionCookieFor(port: number, token: string): Promise<string> {
  const res = await get(port, `/?token=${token}`);
  const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
  if (res.status !== 303 || !cookie) throw new Error(`the token exchange answered ${res.status}`);
  return cookie;
}
