/**
 * The inference servers added from the Models screen (endpoint-store.ts), against loopback HTTP
 * servers that answer `/props` and `/lora-adapters` as llama-server does and record the
 * Authorization header of every request: each key reaches its own server only, the start-up key
 * never reaches an added one, no key is in what the list reports (not even one a server echoes),
 * the file is 0600 and a new store (a restart) reads the servers back.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpointStore, ENDPOINTS_FILE } from './endpoint-store';

interface FakeServer {
  url: string;
  /** The Authorization header of each request (undefined: none), by path. */
  seen: { path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

async function fakeServer(answer?: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<FakeServer> {
  const seen: FakeServer['seen'] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    if (answer?.(req, res)) return;
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/props') res.end(JSON.stringify({ total_slots: 2, model_path: '/models/fake-qwen2.gguf', default_generation_settings: { n_ctx: 1024 } }));
    else if (req.url === '/lora-adapters') res.end('[]');
    else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: 'not here' } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const STARTUP_KEY = 'startup-secret-1234';
const ADDED_KEY = 'added-secret-5678';
const ECHO_KEY = 'echoed-secret-9012';

describe('the inference servers added from the Models screen', () => {
  const dir = mkdtempSync(join(tmpdir(), 'endpoint-store-'));
  const file = join(dir, 'models', ENDPOINTS_FILE);
  let startup: FakeServer;
  let keyed: FakeServer;
  let keyless: FakeServer;
  let echo: FakeServer;
  let target: FakeServer;
  let redirecting: FakeServer;
  const authOf = (s: FakeServer) => [...new Set(s.seen.map((r) => r.authorization))];

  beforeAll(async () => {
    [startup, keyed, keyless, target] = await Promise.all([fakeServer(), fakeServer(), fakeServer(), fakeServer()]);
    // Refuses every request, echoing the header it got (a careless server's error page).
    echo = await fakeServer((req, res) => {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { message: `invalid key in '${req.headers.authorization}'` } }));
      return true;
    });
    // Sends every request on to another origin.
    redirecting = await fakeServer((req, res) => {
      res.writeHead(302, { Location: `${target.url.replace('127.0.0.1', 'localhost')}${req.url}` });
      res.end();
      return true;
    });
  });

  afterAll(async () => {
    await Promise.all([startup, keyed, keyless, echo, target, redirecting].map((s) => s?.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const startupSettings = () => ({ endpoints: [startup.url], apiKey: STARTUP_KEY });

  it('sends each server its own key only, the start-up key to the start-up servers only, and lists no key', async () => {
    const store = createEndpointStore(file, startupSettings());
    await store.add({ url: keyed.url, apiKey: ADDED_KEY });
    await store.add({ url: `${keyless.url}/`, kind: 'llama-server' });
    const listed = await store.list();

    expect(listed.map((e) => [e.endpoint, e.source, e.hasKey, e.ok])).toEqual([
      [startup.url, 'start-up', true, true],
      [keyed.url, 'added', true, true],
      [keyless.url, 'added', false, true],
    ]);
    expect(listed[1]).toMatchObject({ kind: 'llama-server', slots: 2, model: '/models/fake-qwen2.gguf' });
    expect(listed[2]).toMatchObject({ namedKind: 'llama-server' });
    const shown = JSON.stringify(listed);
    expect(shown).not.toContain(STARTUP_KEY);
    expect(shown).not.toContain(ADDED_KEY);

    expect(authOf(startup)).toEqual([`Bearer ${STARTUP_KEY}`]);
    expect(authOf(keyed)).toEqual([`Bearer ${ADDED_KEY}`]);
    expect(authOf(keyless)).toEqual([undefined]);
    expect(keyless.seen.length).toBeGreaterThan(0);

    // What a run gets: the same keys, each with its own server.
    expect((await store.settings()).endpoints).toEqual([startup.url, { endpoint: keyed.url, apiKey: ADDED_KEY }, { endpoint: `llama-server=${keyless.url}/` }]);
  });

  it('keeps the added servers in a 0600 file that a new store (a restart) reads back, without the start-up key', async () => {
    const mode = statSync(file).mode & 0o777;
    expect(mode.toString(8)).toBe('600');
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain(ADDED_KEY);
    expect(saved).not.toContain(STARTUP_KEY);
    expect(saved).not.toContain(startup.url);

    const seenBefore = keyed.seen.length;
    const restarted = createEndpointStore(file, null);
    const listed = await restarted.list();
    expect(listed.map((e) => [e.endpoint, e.source, e.hasKey])).toEqual([
      [keyed.url, 'added', true],
      [keyless.url, 'added', false],
    ]);
    expect(keyed.seen.length).toBeGreaterThan(seenBefore);
    expect(authOf(keyed)).toEqual([`Bearer ${ADDED_KEY}`]);
    expect(authOf(keyless)).toEqual([undefined]);
  });

  it('refuses a bad URL, a duplicate, a kind typed into the URL and a key that cannot be a header, saying why', async () => {
    const store = createEndpointStore(file, startupSettings());
    await expect(store.add({ url: 'gpu1 port 8080' })).rejects.toThrow("the server URL 'gpu1 port 8080' is not a URL; give one like http://127.0.0.1:8080");
    await expect(store.add({ url: 'ftp://gpu1:8080' })).rejects.toThrow('the server URL ftp://gpu1:8080 must be http:// or https://');
    await expect(store.add({ url: `${keyed.url}/` })).rejects.toThrow(`${keyed.url} is listed already: it was added before`);
    await expect(store.add({ url: startup.url })).rejects.toThrow(`${startup.url} is listed already: the workbench was started with it`);
    await expect(store.add({ url: `vllm=${target.url}` })).rejects.toThrow(/names a kind before the URL; give the URL alone/);
    await expect(store.add({ url: target.url, apiKey: 'two words' })).rejects.toThrow(/printable characters without spaces/);
    await expect(store.remove(startup.url)).rejects.toThrow(/started with \(WORKBENCH_ENDPOINTS or --endpoint\): restart it without that server/);
    await expect(store.remove('http://127.0.0.1:1')).rejects.toThrow(/not among the inference servers added from the Models screen/);
    expect((await store.settings()).endpoints).toHaveLength(3);
  });

  it("leaves a refusal's echo of the key out of its error, and a redirect to another origin does not carry the key", async () => {
    const store = createEndpointStore(file, null);
    await store.add({ url: echo.url, apiKey: ECHO_KEY });
    await store.add({ url: redirecting.url, apiKey: ADDED_KEY });
    const listed = await store.list();
    const refused = listed.find((e) => e.endpoint === echo.url)!;
    expect(refused.ok).toBe(false);
    // A refusal's body (here echoing the header) is left out of the message altogether.
    expect(refused.error).toMatch(/refused the API key \(HTTP 401: the API key was refused\); remove it on the Models screen and add it again with its API key/);
    expect(JSON.stringify(listed)).not.toContain(ECHO_KEY);
    expect(authOf(echo)).toEqual([`Bearer ${ECHO_KEY}`]);

    // The redirecting server got the key (it is that key's server); the origin it sent to did not.
    expect(authOf(redirecting)).toEqual([`Bearer ${ADDED_KEY}`]);
    expect(target.seen.length).toBeGreaterThan(0);
    expect(authOf(target)).toEqual([undefined]);
  });

  it('removes an added server, from the file too', async () => {
    const store = createEndpointStore(file, startupSettings());
    await store.remove(echo.url);
    await store.remove(redirecting.url);
    await store.remove(keyless.url);
    expect((await store.settings()).endpoints).toEqual([startup.url, { endpoint: keyed.url, apiKey: ADDED_KEY }]);
    expect((await createEndpointStore(file, null).settings()).endpoints).toEqual([{ endpoint: keyed.url, apiKey: ADDED_KEY }]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
