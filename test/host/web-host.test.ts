import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { FRAME_TOO_LARGE_CLOSE_CODE, STRING_FRAME_BYTES } from '../../shared/ipc/long-strings';
import { WORKBENCH_SOCKET_PATH, type SocketMessage } from '../../shared/ipc/wire';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { sessionCookieName } from '../../electron/web-host/auth';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { scratchDir } from '../support/scratch-dir';
import { get, nextMessage, openSocket, sessionCookieFor } from './http-helpers';

const dir = scratchDir('web-host-');
let service: WorkbenchService;
let host: WebHost;
let cookie: string;

beforeAll(async () => {
  const renderer = path.join(dir, 'dist');
  await mkdir(path.join(renderer, 'assets'), { recursive: true });
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>workbench</title>');
  await writeFile(path.join(renderer, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(path.join(dir, 'secret.txt'), 'outside the renderer');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources') });
  host = await startWebHost({ service, rendererDir: renderer, port: 0 });
  cookie = await sessionCookieFor(host.port, host.token);
});

afterAll(async () => {
  await host?.close();
  await service?.dispose();
});

describe('web host over HTTP', () => {
  it('prints a loopback URL carrying a long random token', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[A-Za-z0-9_-]{43}$`));
    expect(host.rendererBuilt).toBe(true);
  });

  it('refuses every request without the token', async () => {
    for (const p of ['/', '/index.html', '/assets/app.js', '/favicon.ico']) {
      const res = await get(host.port, p);
      expect(res.status, p).toBe(401);
      expect(res.body).not.toContain('workbench</title>');
    }
  });

  it('refuses a wrong token, in the query or in the cookie', async () => {
    expect((await get(host.port, '/?token=nope')).status).toBe(403);
    expect((await get(host.port, '/', { Cookie: `${sessionCookieName(host.port)}=nope` })).status).toBe(401);
    // The cookie of a workbench on another port is not this one's.
    expect((await get(host.port, '/', { Cookie: `${sessionCookieName(host.port + 1)}=${host.token}` })).status).toBe(401);
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    expect((await get(host.port, '/', { Host: `evil.example:${host.port}`, Cookie: cookie })).status).toBe(403);
  });

  it('gives the token a session cookie of its own secret (HttpOnly, SameSite=Strict) and takes it out of the URL', async () => {
    const res = await get(host.port, `/?token=${host.token}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/');
    const setCookie = res.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(new RegExp(`^${sessionCookieName(host.port)}=[A-Za-z0-9_-]{43};`));
    // The cookie is not the URL token: a token seen in a log or a screenshot is not a session cookie.
    expect(setCookie).not.toContain(host.token);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect((await get(host.port, '/', { Cookie: `${sessionCookieName(host.port)}=${host.token}` })).status).toBe(401);
  });

  it('keeps the printed URL valid while it runs (it can be opened again, as documented)', async () => {
    const again = await get(host.port, `/?token=${host.token}`, { Cookie: cookie });
    expect(again.status).toBe(303);
    expect(again.headers['set-cookie']?.[0]?.split(';')[0]).toBe(cookie);
  });

  it('never redirects off this host, whatever the path says', async () => {
    const cases: [string, string][] = [
      [`/.//evil.com/?token=${host.token}`, '/evil.com/'],
      // As a request target, `//evil.com/` is an authority: the path left is `/`.
      [`//evil.com/?token=${host.token}`, '/'],
      [`/%2F%2Fevil.com/?token=${host.token}`, '/%2F%2Fevil.com/'],
      [`/.\\evil.com/?token=${host.token}`, '/evil.com/'],
      [`/assets/app.js?x=1&token=${host.token}`, '/assets/app.js?x=1'],
    ];
    for (const [requested, expected] of cases) {
      const res = await get(host.port, requested);
      expect(res.status, requested).toBe(303);
      expect(res.headers.location, requested).toBe(expected);
      expect(new URL(String(res.headers.location), `http://127.0.0.1:${host.port}/`).host, requested).toBe(`127.0.0.1:${host.port}`);
    }
  });

  it('serves index.html with the cookie, with a CSP and hardening headers', async () => {
    const res = await get(host.port, '/', { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>workbench</title>');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain(`ws://127.0.0.1:${host.port}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves assets with their MIME type', async () => {
    const res = await get(host.port, '/assets/app.js', { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('never leaves the renderer folder', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/assets', '/%00']) {
      const res = await get(host.port, p, { Cookie: cookie });
      expect(res.status, p).toBe(404);
      expect(res.body).not.toContain('outside the renderer');
    }
  });
});

describe('web host without a built renderer', () => {
  it('says how to build it instead of serving nothing', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'web-host-empty-'));
    const bare = await startWebHost({ service, rendererDir: empty, port: 0 });
    try {
      expect(bare.rendererBuilt).toBe(false);
      const res = await get(bare.port, '/', { Cookie: await sessionCookieFor(bare.port, bare.token) });
      expect(res.status).toBe(503);
      expect(res.body).toContain('npm run build:renderer');
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('web host over WebSocket', () => {
  const socketUrl = () => `ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}`;
  const origin = () => `http://127.0.0.1:${host.port}`;

  it('refuses an upgrade without the token', async () => {
    expect(await openSocket(socketUrl(), { Origin: origin() })).toEqual({ refused: 401 });
    expect(await openSocket(`${socketUrl()}?token=nope`, { Origin: origin() })).toEqual({ refused: 401 });
  });

  it('refuses an upgrade from another origin even with the token', async () => {
    expect(await openSocket(socketUrl(), { Origin: 'http://evil.example', Cookie: cookie })).toEqual({ refused: 403 });
    expect(await openSocket(socketUrl(), { Origin: `http://127.0.0.1:${host.port + 1}`, Cookie: cookie })).toEqual({ refused: 403 });
  });

  it('accepts the cookie from its own origin, answers calls and survives malformed ones', async () => {
    const opened = await openSocket(socketUrl(), { Origin: origin(), Cookie: cookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const socket: WebSocket = opened.socket;
    try {
      const answerTo = (id: number) => nextMessage<SocketMessage>(socket, (m) => 'id' in m && m.id === id);

      socket.send('this is not JSON');
      expect(await nextMessage<SocketMessage>(socket)).toMatchObject({ id: 0, ok: false, error: { code: 'malformed-call' } });

      socket.send(JSON.stringify({ id: 1, method: 'deleteEverything', params: {} }));
      expect(await answerTo(1)).toMatchObject({ ok: false, error: { code: 'unknown-method' } });

      socket.send(JSON.stringify({ id: 2, method: 'startRun', params: { documentId: 7 } }));
      const invalid = await answerTo(2);
      expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
      expect('error' in invalid && invalid.error.message).toMatch(/^invalid params for startRun: /);

      // Long strings beside the message (shared/ipc/long-strings.ts): a frame out of turn, or a
      // place that is not there, is refused; the connection goes on.
      socket.send(Buffer.from('a string frame nobody announced'));
      expect(await nextMessage<SocketMessage>(socket)).toMatchObject({ id: 0, ok: false, error: { code: 'malformed-call', message: /binary frame must follow/ } });
      socket.send(JSON.stringify({ id: 4, method: 'getDocument', params: { documentId: '' }, strings: [{ path: ['params', 'nothing'], frames: 1 }] }));
      socket.send(Buffer.from('x'));
      expect(await answerTo(4)).toMatchObject({ ok: false, error: { code: 'malformed-call', message: /names what is not there/ } });
      socket.send(JSON.stringify({ id: 5, method: 'getDocument', params: { documentId: '' }, strings: [{ path: ['params', 'documentId'], frames: 1 }] }));
      socket.send(JSON.stringify({ id: 6, method: 'listStrategies', params: {} }));
      expect(await answerTo(5)).toMatchObject({ ok: false, error: { code: 'malformed-call', message: /after 0 of the 1 string frames/ } });
      // The text frame that came early is answered as a message of its own.
      expect(await answerTo(6)).toMatchObject({ ok: true });
      socket.send(JSON.stringify({ id: 3, method: 'listStrategies', params: {} }));
      const strategies = await answerTo(3);
      expect(strategies).toMatchObject({ ok: true });
      const names = 'ok' in strategies && strategies.ok ? (strategies.result as { name: string }[]).map((s) => s.name) : [];
      expect(names).toEqual(expect.arrayContaining(['structural', 'sentence-rules', 'texttiling', 'simple', 'topic', 'summary']));

      // A string frame over STRING_FRAME_BYTES (the host's 1 MiB frame limit) is refused by ws
      // from its header: the connection is closed with 1009 (test/host/frame-limit.test.ts).
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      socket.on('error', () => undefined);
      socket.send(JSON.stringify({ id: 7, method: 'getDocument', params: { documentId: '' }, strings: [{ path: ['params', 'documentId'], frames: 1 }] }));
      socket.send(Buffer.alloc(STRING_FRAME_BYTES + 1, 0x61));
      expect(await closed).toBe(FRAME_TOO_LARGE_CLOSE_CODE);
    } finally {
      socket.close();
    }
  });

  it('accepts the token in the socket URL from a client without an Origin (not a browser)', async () => {
    const opened = await openSocket(`${socketUrl()}?token=${host.token}`, {});
    expect('socket' in opened).toBe(true);
    if ('socket' in opened) opened.socket.close();
  });
});
