import { createReadStream, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import type { WorkbenchService } from '../services/workbench';
import { createToken, isOwnHost, isOwnOrigin, readCookie, sameHostLocation, sessionCookie, sessionCookieName, tokensMatch } from './auth';
import { contentSecurityPolicy, hardeningHeaders } from './csp';
import type { BackpressureLimits } from './backpressure';
import { createSocketTransport, type FrameChecker } from './socket-transport';
import { mimeTypeFor, resolveStaticFile } from './static-files';
import { errorMessage } from '../../shared/text/error-message';

export const LOOPBACK = '127.0.0.1';

export interface WebHostOptions {
  service: WorkbenchService;
  /** The built renderer: renderer/dist. */
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Fixed token (tests); a fresh random one otherwise. */
  token?: string;
  /** Per-connection limits on unanswered calls and unread answers (backpressure.ts); the defaults where not given. */
  backpressure?: BackpressureLimits;
  /** Joins and checks framed envelopes (over 1 MiB) off the event loop (frame-check.ts); a worker thread where not given. */
  checkFrame?: FrameChecker;
}

export interface WebHost {
  /**
   * `http://127.0.0.1:PORT/?token=...`: the one URL to open. It stays valid while the host runs
   * (like Jupyter's), so it can be opened again in another tab or browser.
   */
  url: string;
  port: number;
  token: string;
  /** False when renderer/dist/index.html is missing: the page then explains how to build it. */
  rendererBuilt: boolean;
  close(): Promise<void>;
}

const RENDERER_MISSING = 'The workbench UI is not built: run `npm run build:renderer`, then reload this page.';

/**
 * The workbench for a browser: the built renderer over HTTP and the service over a WebSocket, on
 * 127.0.0.1 only. Opening the printed URL sets an HttpOnly, SameSite=Strict session cookie holding
 * its own random secret (never the token) and redirects the token out of the address bar, to the
 * same path on this host. Every other request, the socket included, needs that cookie or the
 * token, from this host's own name and origin. The URL can be opened again while the host runs.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? createToken();
  const sessionSecret = createToken();
  const rendererDir = path.resolve(options.rendererDir);
  const rendererBuilt = existsSync(path.join(rendererDir, 'index.html'));
  const sockets = createSocketTransport(options.service, options.backpressure, options.checkFrame);
  let port = 0;

  const isAuthorized = (req: http.IncomingMessage, url: URL) =>
    tokensMatch(sessionSecret, readCookie(req.headers.cookie, sessionCookieName(port))) || tokensMatch(token, url.searchParams.get('token'));

  const server = http.createServer((req, res) => {
    void handleRequest(req, res).catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, 'internal error');
      else res.destroy();
      process.stderr.write(`serve: ${errorMessage(err)}\n`);
    });
  });

  async function handleRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!isOwnHost(req.headers.host, port)) return refuse(res, 403, 'wrong host');
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const queryToken = url.searchParams.get('token');
    if (queryToken !== null) {
      if (!tokensMatch(token, queryToken)) return refuse(res, 403, 'wrong token');
      // Give the session its cookie, and take the token out of the address bar and history.
      url.searchParams.delete('token');
      res.writeHead(303, { 'Set-Cookie': sessionCookie(port, sessionSecret), Location: sameHostLocation(url), ...hardeningHeaders });
      res.end();
      return;
    }
    if (!isAuthorized(req, url)) {
      return refuse(res, 401, 'this workbench needs its token: open the URL that `serve` printed');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return refuse(res, 405, 'method not allowed');
    }
    if (!rendererBuilt) return refuse(res, 503, RENDERER_MISSING);
    const file = await resolveStaticFile(rendererDir, url.pathname);
    if (!file) return refuse(res, 404, 'not found');
    res.writeHead(200, {
      'Content-Type': mimeTypeFor(file),
      'Content-Security-Policy': contentSecurityPolicy([`ws://${req.headers.host}`]),
      'Cache-Control': file.endsWith('.html') ? 'no-store' : 'private, max-age=3600',
      ...hardeningHeaders,
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  }

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://upgrade.invalid');
    const origin = req.headers.origin;
    // Browsers always send Origin on a WebSocket; a missing one is a non-browser client, which
    // still needs the token.
    const originOk = origin === undefined ? isOwnHost(req.headers.host, port) : isOwnOrigin(origin, req.headers.host, port);
    if (url.pathname !== WORKBENCH_SOCKET_PATH) return rejectUpgrade(socket, 404, 'Not Found');
    if (!originOk) return rejectUpgrade(socket, 403, 'Forbidden');
    if (!isAuthorized(req, url)) return rejectUpgrade(socket, 401, 'Unauthorized');
    sockets.server.handleUpgrade(req, socket, head, (ws) => sockets.server.emit('connection', ws, req));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${LOOPBACK}:${port}/?token=${token}`,
    port,
    token,
    rendererBuilt,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await sockets.close();
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

function refuse(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...hardeningHeaders });
  res.end(message + '\n');
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
