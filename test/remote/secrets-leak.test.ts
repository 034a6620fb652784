/**
 * Issue 36: inference servers that echo the Authorization header they get, everywhere they can
 * (the model path and adapter paths of a successful probe, an error message with the echo placed
 * across the 300-character cut, a refusal), fed a URL with user:password and an API key. Every
 * WebSocket frame the page gets (the endpoint list, adding a server, a run on them that fails),
 * every line the host writes, and `models doctor`'s output hold none of the secrets in any form:
 * raw, URL-encoded, JSON-escaped, base64 (the Basic header), nor their first 8 characters.
 */
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { WORKBENCH_SOCKET_PATH, type SocketMessage } from '../../shared/ipc/wire';
import { secretForms } from '../../shared/util/redact';
import { json, stubServer, type StubServer } from '../../electron/services/inference/completers/remote/stub-server.test-support';
import { serveWorkbench, type ServedWorkbench } from '../../electron/web-host/serve-workbench';
import { runCliFromSource } from '../cli/support/run-cli';
import { nextMessage, openSocket, sessionCookieFor } from '../host/http-helpers';
import { fixtureModelsDir, mobyDickOpening, repoRoot, writeTinyProfiles } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';

const USER = 'alice-operator';
const PASSWORD = 'Pw/9q@x z%secret';
const KEY = 'sk-live-Qm9vYmFyLWtleS0xMjM0NTY3ODk';
const SECRETS = [USER, PASSWORD, `${USER}:${PASSWORD}`, KEY];

function leaks(text: string): string[] {
  const found: string[] = [];
  for (const s of SECRETS) {
    for (const form of [...secretForms(s), s.slice(0, 8)]) if (text.includes(form)) found.push(form);
  }
  return found;
}

/** A llama-server stand-in that puts the Authorization header it got into every answer. */
function echoingServer(): Promise<StubServer> {
  return stubServer((req, res) => {
    const auth = req.authorization ?? '(none)';
    if (req.path === '/props') return json(res, 200, { total_slots: 2, model_path: `/models/${auth}/tiny-qwen2.gguf`, build_info: auth, default_generation_settings: { n_ctx: 4096 } });
    if (req.path === '/lora-adapters') return json(res, 200, [{ id: 0, path: `/lora/${auth}/tiny-lora-topic.gguf` }]);
    // The echo starts at character 287: cut at 300 first, 13 of its characters would show.
    return json(res, 500, { error: { message: `${'e'.repeat(287)}${auth} ${'f'.repeat(300)}` } });
  });
}

describe('credentials never leave the host (issue 36)', () => {
  const scratch = scratchDir('secrets-leak-');
  const modelsDir = path.join(scratch, 'models');
  let basic: StubServer;
  let keyed: StubServer;
  let served: ServedWorkbench;
  const written: string[] = [];
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    [basic, keyed] = await Promise.all([echoingServer(), echoingServer()]);
    // The fixture models, in a folder of the test's own (the added server's file is written there).
    mkdirSync(modelsDir, { recursive: true });
    for (const f of readdirSync(fixtureModelsDir)) symlinkSync(path.join(fixtureModelsDir, f), path.join(modelsDir, f));
    // Every line the host writes, while it serves.
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        written.push(String(chunk));
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      restore.push(() => (stream.write = write));
    }
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[level];
      console[level] = (...args: unknown[]) => {
        written.push(args.map(String).join(' '));
        original(...args);
      };
      restore.push(() => (console[level] = original));
    }
    served = await serveWorkbench({
      port: 0,
      rootDir: repoRoot,
      modelsDir,
      profilesDir: writeTinyProfiles(),
      remote: { endpoints: [basicUrl()] },
    });
  });

  afterAll(async () => {
    restore.forEach((r) => r());
    await served?.stop();
    await Promise.all([basic?.close(), keyed?.close()]);
  });

  const basicUrl = () => basic.url.replace('http://', `http://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@`);

  it('in no WebSocket frame and no log line: the list, an added server, a failed run', async () => {
    const { host } = served;
    const cookie = await sessionCookieFor(host.port, host.token);
    const opened = await openSocket(`ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}`, { Origin: `http://127.0.0.1:${host.port}`, Cookie: cookie });
    if (!('socket' in opened)) throw new Error(`refused with ${opened.refused}`);
    const socket: WebSocket = opened.socket;
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(data.toString()));
    let id = 0;
    const call = async (method: string, params: unknown) => {
      const mine = ++id;
      const answer = nextMessage<SocketMessage>(socket, (m) => 'id' in m && m.id === mine);
      socket.send(JSON.stringify({ id: mine, method, params }));
      return answer;
    };
    try {
      const listed = await call('listEndpoints', {});
      expect(listed).toMatchObject({ ok: true, result: [{ endpoint: basic.url, ok: false, hasKey: true, error: expect.stringContaining('Basic ***') }] });
      const added = await call('addEndpoint', { url: keyed.url, apiKey: KEY });
      expect(added).toMatchObject({ ok: true, result: [{ endpoint: basic.url }, { endpoint: keyed.url, ok: false, error: expect.stringContaining('Bearer ***') }] });

      const text = mobyDickOpening(1500);
      const doc = (await call('openDocument', { name: 'moby.txt', dataBase64: Buffer.from(text).toString('base64') })) as { result: { id: string } };
      const run = (await call('startRun', { documentId: doc.result.id, strategy: 'topic', options: { profile: 'tiny-topic', backend: 'remote' } })) as { result: { runId: string } };
      const end = await nextMessage<SocketMessage>(socket, (m) => 'event' in m && JSON.stringify(m.event).includes(run.result.runId) && /"status":"(failed|finished)"/.test(JSON.stringify(m.event)));
      expect(JSON.stringify(end)).toMatch(/"status":"failed"/);
      expect(JSON.stringify(end)).toContain('***');
    } finally {
      socket.close();
    }
    // The servers got the credentials; nothing the host sent or wrote holds them.
    expect(basic.seen[0]!.authorization).toMatch(/^Basic /);
    expect(keyed.seen.some((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(frames.length).toBeGreaterThan(4);
    expect(frames.flatMap(leaks)).toEqual([]);
    expect(written.flatMap(leaks)).toEqual([]);
  }, 120_000);

  it('not in `models doctor`, for the start-up server and the added one', async () => {
    const doctor = await runCliFromSource(['models', 'doctor'], repoRoot, { WORKBENCH_MODELS_DIR: modelsDir, WORKBENCH_ENDPOINTS: basicUrl(), WORKBENCH_API_KEY: '' });
    expect(doctor.stdout).toContain(`${basic.url}: NOT USABLE`);
    expect(doctor.stdout).toContain(`${keyed.url}: NOT USABLE`);
    expect(doctor.stdout).toContain('***');
    expect(leaks(doctor.stdout + doctor.stderr)).toEqual([]);
  }, 300_000);
});
