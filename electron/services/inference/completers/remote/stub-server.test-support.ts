/**
 * A loopback HTTP server for the remote client's tests: each request is recorded (method, path,
 * Authorization header, body) and answered by the test's handler; what the handler does not answer
 * is a 404 in vLLM's shape.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface StubServer {
  url: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export type StubHandler = (req: SeenRequest, res: ServerResponse, raw: IncomingMessage) => boolean | void;

export function json(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
  return true;
}

export async function stubServer(handler: StubHandler): Promise<StubServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const req: SeenRequest = { method: raw.method ?? '', path: raw.url ?? '', authorization: raw.headers.authorization, body };
      seen.push(req);
      if (handler(req, res, raw)) return;
      json(res, 404, { object: 'error', message: `no route ${req.path}`, type: 'NotFoundError', code: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
