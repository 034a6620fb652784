/**
 * A stand-in for the Hugging Face hub on 127.0.0.1: serves files at /<owner>/<repo>/resolve/<branch>/<file>
 * with Range support, records every request, and can misbehave on purpose (cut a connection
 * mid-file, hold back some ranges) so downloads can be tested for progress and resume.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HubRequest {
  method: string;
  path: string;
  /** Start of the requested range; 0 without a Range header. */
  start: number;
  end: number;
  ranged: boolean;
  /** The Authorization header it carried, if any. */
  authorization?: string;
}

export interface HubBehaviour {
  /** Cut the first ranged GET after sending this many bytes. */
  cutFirstRangedAfter?: number;
  /** Answer only ranged GETs for which this returns true; hold the others open, unanswered. */
  serveRange?: (start: number) => boolean;
  /** Pause between 64 KiB pieces, in ms, to make a transfer slow enough to interrupt. */
  pieceDelayMs?: number;
  /** Cut every GET after sending this many bytes (a hub that keeps dropping connections). */
  cutEveryGetAfter?: number;
  /** Claim this total size in Content-Range and Content-Length (a hub that lies about a file). */
  claimTotal?: number;
  /** A gated repository: answer 401 to any request without an Authorization header. */
  gated?: boolean;
}

export class LoopbackHub {
  readonly requests: HubRequest[] = [];
  bytesServed = 0;
  behaviour: HubBehaviour = {};
  private readonly files = new Map<string, Buffer>();
  private readonly redirects = new Map<string, string>();
  private readonly held = new Set<http.ServerResponse>();
  private rangedGets = 0;
  private readonly server = http.createServer((req, res) => this.handle(req, res));

  /** `hf:owner/repo/file` serves `body`. */
  addFile(repoPath: string, body: Buffer, branch = 'main'): void {
    const [owner, repo, ...file] = repoPath.split('/');
    this.files.set(`/${owner}/${repo}/resolve/${branch}/${file.join('/')}`, body);
  }

  /** `hf:owner/repo/file` answers 302 to `location` (another server's URL). */
  addRedirect(repoPath: string, location: string, branch = 'main'): void {
    const [owner, repo, ...file] = repoPath.split('/');
    this.redirects.set(`/${owner}/${repo}/resolve/${branch}/${file.join('/')}`, location);
  }

  /** Serves `body` at a plain path (`/cdn/blob`), as a CDN host would. */
  addPath(path: string, body: Buffer): void {
    this.files.set(path, body);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  /** Drops the connections held back by `serveRange`. */
  releaseHeld(): void {
    for (const res of this.held) res.destroy();
    this.held.clear();
  }

  async stop(): Promise<void> {
    this.releaseHeld();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (this.behaviour.gated && !req.headers.authorization) {
      this.requests.push({ method: req.method ?? 'GET', path, start: 0, end: 0, ranged: !!req.headers.range });
      res.writeHead(401).end('gated');
      return;
    }
    const redirect = this.redirects.get(path);
    if (redirect) {
      this.requests.push({ method: req.method ?? 'GET', path, start: 0, end: 0, ranged: !!req.headers.range, authorization: req.headers.authorization });
      res.writeHead(302, { location: redirect }).end();
      return;
    }
    const body = this.files.get(path);
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(Number(m[2]), body.length - 1) : body.length - 1;
    this.requests.push({ method: req.method ?? 'GET', path, start, end, ranged: !!m, authorization: req.headers.authorization });
    const claimed = this.behaviour.claimTotal;
    const last = claimed === undefined ? end : claimed - 1;
    const headers: http.OutgoingHttpHeaders = { 'accept-ranges': 'bytes', 'content-length': last - start + 1, 'content-type': 'application/octet-stream' };
    if (m) headers['content-range'] = `bytes ${start}-${last}/${claimed ?? body.length}`;
    if (req.method === 'HEAD') {
      res.writeHead(m ? 206 : 200, headers).end();
      return;
    }
    if (m && this.behaviour.serveRange && !this.behaviour.serveRange(start)) {
      this.held.add(res);
      return;
    }
    res.writeHead(m ? 206 : 200, headers);
    let limit = end + 1;
    if (m && this.rangedGets++ === 0 && this.behaviour.cutFirstRangedAfter !== undefined) limit = start + this.behaviour.cutFirstRangedAfter;
    if (this.behaviour.cutEveryGetAfter !== undefined) limit = Math.min(limit, start + this.behaviour.cutEveryGetAfter);
    this.pump(res, body, start, Math.min(limit, end + 1), limit <= end);
  }

  /** Streams in 64 KiB pieces, so a client sees progress and a cut lands mid-transfer. */
  private pump(res: http.ServerResponse, body: Buffer, from: number, to: number, cut: boolean): void {
    let at = from;
    const next = () => {
      if (res.destroyed) return;
      if (at >= to) {
        if (cut) res.destroy();
        else res.end();
        return;
      }
      const piece = body.subarray(at, Math.min(to, at + 65536));
      at += piece.length;
      this.bytesServed += piece.length;
      const delay = this.behaviour.pieceDelayMs;
      const after = delay ? () => setTimeout(next, delay) : () => setImmediate(next);
      if (res.write(piece)) after();
      else res.once('drain', after);
    };
    next();
  }
}
