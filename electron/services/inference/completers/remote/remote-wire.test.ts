/**
 * The remote client on the wire, against loopback stand-ins (no llama-server or vLLM needed):
 * credentials never come back in any form (issue 36: a server echoing its Authorization header, a
 * key straddling the 300-character cut, a password with `/` in an invalid URL), answers are read
 * with a byte cap and every request has a timeout, an answer of another shape is "not understood",
 * and vLLM (issue 34): the exact request body, `/tokenize` without `/v1`, the base model card, the
 * version check, the repeat-penalty check and the error shapes.
 */
import { Buffer } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import type { Token } from 'node-llama-cpp';
import type { DecodingSettings } from '../../../../../shared/profiles/schema';
import { secretForms } from '../../../../../shared/util/redact';
import type { WindowTokenizer } from '../seam';
import { connectEndpoint, connectPool } from './connect';
import { checkEndpoints, describeEndpoint } from './endpoint-health';
import { LlamaServerClient } from './llama-server-client';
import { remoteCompleter } from './remote-completer';
import { parseEndpoint } from './settings';
import { json, stubServer, type StubServer } from './stub-server.test-support';

const USER = 'alice-operator';
const PASSWORD = 'Pw/9q@x z%secret';
const KEY = 'sk-live-Qm9vYmFyLWtleS0xMjM0NTY3ODk';
const SECRETS = [USER, PASSWORD, `${USER}:${PASSWORD}`, KEY];

/** Every form of every secret, and the first 8 characters of each raw one (a cut leaves a prefix). */
function expectNoSecret(text: string): void {
  for (const s of SECRETS) {
    for (const form of secretForms(s)) expect(text, `a form of ${s}`).not.toContain(form);
    expect(text).not.toContain(s.slice(0, 8));
  }
}

function withCredentials(url: string): string {
  return url.replace('http://', `http://${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}@`);
}

const servers: StubServer[] = [];
async function stub(...args: Parameters<typeof stubServer>): Promise<StubServer> {
  const s = await stubServer(...args);
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A llama-server stand-in whose every answer carries the Authorization header it got. */
function echoingLlamaServer(tokenizeMessage: (auth: string) => string) {
  return stub((req, res) => {
    const auth = req.authorization ?? '';
    if (req.path === '/props') return json(res, 200, { total_slots: 2, model_path: `/models/${auth}/qwen2.gguf`, build_info: `b1 ${auth}`, default_generation_settings: { n_ctx: 2048 } });
    if (req.path === '/lora-adapters') return json(res, 200, [{ id: 0, path: `/lora/${auth}/tiny-lora-topic.gguf` }]);
    if (req.path === '/tokenize') return json(res, 500, { error: { message: tokenizeMessage(auth) } });
    return json(res, 400, { error: { message: `no such route; you sent ${auth}` } });
  });
}

const tokenizer: WindowTokenizer = {
  // Ids are UTF-16 code units: the wire is tested, not a model.
  tokenize: (text) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i) as Token),
  detokenize: (tokens) => tokens.map((t) => String.fromCharCode(Number(t))).join(''),
  promptPrefix: [],
  trainContextSize: 4096,
};

describe('credentials never come back (issue 36)', () => {
  it('a server echoing the Basic header: neither the health rows nor the doctor lines hold it in any form', async () => {
    // The echo lands at character 287 of the message: cut first, the 13 characters before the cut would show.
    const server = await echoingLlamaServer((auth) => `${'e'.repeat(287 - 'tokenizer broke on '.length)}tokenizer broke on ${auth} ${'f'.repeat(400)}`);
    const rows = await checkEndpoints({ endpoints: [withCredentials(server.url)] }, undefined);
    expect(server.seen[0]!.authorization).toBe(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    expect(rows[0]).toMatchObject({ endpoint: server.url, ok: true, kind: 'llama-server', model: '/models/Basic ***/qwen2.gguf', build: 'b1 Basic ***' });

    // With the vocabulary checked, /tokenize's error (the header echoed) becomes the row's error.
    const connected = await connectEndpoint({ raw: withCredentials(server.url), keyed: false }, { endpoints: [] }, tokenizer).catch((e: Error) => e);
    expect(connected).toBeInstanceOf(Error);
    const message = (connected as Error).message;
    expect(message).toMatch(/HTTP 500: e+tokenizer broke on Basic \*\*\*/);
    expectNoSecret(message);
    expectNoSecret(JSON.stringify(rows));
    expectNoSecret(rows.map(describeEndpoint).join('\n'));
  });

  it('an API key echoed after the cut point, and a key refused: no part of it, and no body of a 401', async () => {
    const server = await stub((req, res) => json(res, req.path === '/props' ? 401 : 400, { error: { message: `${'x'.repeat(290)}${req.authorization}` } }));
    const rows = await checkEndpoints({ endpoints: [server.url], apiKey: KEY }, undefined);
    expect(rows[0]).toMatchObject({ ok: false, error: expect.stringContaining('refused the API key (HTTP 401: the API key was refused); set WORKBENCH_API_KEY') });
    expect(rows[0]!.error).not.toContain('xxxx');
    expectNoSecret(JSON.stringify(rows));

    const named = await checkEndpoints({ endpoints: [`vllm=${server.url}`], apiKey: KEY }, undefined);
    expect(named[0]!.error).toMatch(/HTTP 400: x{290}Bearer \*\*\*/);
    expectNoSecret(JSON.stringify(named));
  });

  it('a password with / in an invalid URL is not echoed in "is not a URL"', () => {
    const typed = `http://${USER}:pa/ss@w0rd@gpu1:8080`;
    expect(() => parseEndpoint(typed)).toThrow("--endpoint 'http://gpu1:8080' is not a URL");
    try {
      parseEndpoint(`vllm=${typed}`);
    } catch (err) {
      expect((err as Error).message).not.toMatch(/pa\/ss|w0rd|alice/);
    }
  });
});

describe('answers read with a cap, requests with a timeout (issue 36)', () => {
  it('a /props answer that never ends is cut at the cap, not read in full', async () => {
    const server = await stub((req, res) => {
      if (req.path !== '/props') return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      const push = () => {
        while (res.write(chunk)) {
          /* until the socket pushes back */
        }
      };
      res.on('drain', push);
      res.write('{"total_slots": 2, "pad": "');
      push();
      return true;
    });
    const rows = await checkEndpoints({ endpoints: [`llama-server=${server.url}`] }, undefined);
    expect(rows[0]).toMatchObject({ ok: false, error: `the server at ${server.url} answered /props with more than 4 MiB; is it a llama-server or vLLM endpoint?` });
  });

  it('a generation that stalls mid-answer fails with the timeout, as a retryable failure', async () => {
    const server = await stub((req, res) => {
      if (req.path !== '/completion') return false;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"content": "');
      return true;
    });
    const client = new LlamaServerClient(parseEndpoint(server.url), undefined, 300);
    const decoding: DecodingSettings = { temperature: 0, topK: 40, topP: 0.95, repeatPenalty: 1, repeatPenaltyLastTokens: 64, maxNewTokens: 8 };
    await expect(client.complete({ tokens: [1, 2, 3], decoding })).rejects.toMatchObject({ name: 'EndpointFailure', retryable: true, message: 'no answer within 300 ms' });
  });
});

describe('answers of another shape (issue 36)', () => {
  it('says the answer is not understood instead of failing on it', async () => {
    const odd = await stub((req, res) => {
      if (req.path === '/props') return json(res, 200, { total_slots: 2, model_path: 'm.gguf' });
      if (req.path === '/lora-adapters') return json(res, 200, { adapters: 'none' });
      return false;
    });
    const oddProps = await stub((req, res) => (req.path === '/props' ? json(res, 200, { total_slots: 2, default_generation_settings: 'big' }) : false));
    const rows = await checkEndpoints({ endpoints: [odd.url, `llama-server=${oddProps.url}`] }, undefined);
    expect(rows[0]).toMatchObject({ ok: false, error: expect.stringMatching(/^the server's \/lora-adapters answer is not understood \(Invalid input: expected array, received object\)/) });
    expect(rows[1]).toMatchObject({ ok: false, error: expect.stringMatching(/^the server's \/props answer is not understood \(at default_generation_settings: Invalid input: expected object, received string\)/) });
    expect(JSON.stringify(rows)).not.toMatch(/is not a function/);
  });
});

interface VllmStub {
  server: StubServer;
  completions: Record<string, unknown>[];
}

/** A vLLM >= 0.10.2 stand-in: base model and a `topic` LoRA module; completions answered by `answer`. */
async function vllmStub(options: { version?: string; answer?: (n: number, res: Parameters<typeof json>[0]) => boolean } = {}): Promise<VllmStub> {
  const completions: Record<string, unknown>[] = [];
  const server = await stub((req, res) => {
    if (req.path === '/version') return options.version === undefined || options.version !== 'none' ? json(res, 200, { version: options.version ?? '0.10.2' }) : false;
    if (req.path === '/v1/models') {
      return json(res, 200, {
        object: 'list',
        data: [
          { id: 'Qwen/Qwen2-0.5B-Instruct', object: 'model', root: 'Qwen/Qwen2-0.5B-Instruct', parent: null, max_model_len: 4096 },
          { id: 'topic', object: 'model', root: '/adapters/text-seg-lm-qwen2-0.5b-cot-topic-chunking', parent: 'Qwen/Qwen2-0.5B-Instruct', max_model_len: null },
        ],
      });
    }
    if (req.path === '/tokenize') return json(res, 200, { tokens: tokenizer.tokenize((req.body as { prompt: string }).prompt).map(Number), count: 3, max_model_len: 4096 });
    if (req.path === '/v1/completions') {
      completions.push(req.body as Record<string, unknown>);
      if (options.answer?.(completions.length, res)) return true;
      // "cab" then the end-of-generation token (151645), which vLLM keeps in token_ids.
      return json(res, 200, { id: 'cmpl-1', object: 'text_completion', model: 'topic', choices: [{ index: 0, text: 'cab', token_ids: [99, 97, 98, 151645], finish_reason: 'stop', stop_reason: null }], usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } });
    }
    return false;
  });
  return { server, completions };
}

const GREEDY: DecodingSettings = { temperature: 0, topK: 40, topP: 0.95, repeatPenalty: 1, repeatPenaltyLastTokens: 64, maxNewTokens: 16 };

async function vllmCompleter(url: string, decoding = GREEDY) {
  const pool = await connectPool({ endpoints: [`vllm=${url}`] }, tokenizer, () => undefined);
  const e = pool.endpoints[0]!;
  return { pool, completer: remoteCompleter({ pool, tokenizer, decoding, adapterOf: () => ({ adapter: e.info.adapters[0]!, scale: 1 }) }) };
}

describe('vLLM as users run it (issue 34)', () => {
  it('probes /version, the base model card and /tokenize without /v1; takes as many requests as vLLM schedules', async () => {
    const { server } = await vllmStub();
    const e = await connectEndpoint({ raw: `vllm=${server.url}`, keyed: false }, { endpoints: [] }, tokenizer);
    expect(e.info).toEqual({ kind: 'vllm', model: 'Qwen/Qwen2-0.5B-Instruct', build: 'vLLM 0.10.2', slots: null, contextPerSlot: 4096, adapters: [{ id: 'topic', path: '/adapters/text-seg-lm-qwen2-0.5b-cot-topic-chunking' }] });
    expect(e.limit).toBe(256);
    expect(server.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /version', 'GET /v1/models', 'POST /tokenize']);
    expect(server.seen[2]!.body).toEqual({ model: 'Qwen/Qwen2-0.5B-Instruct', prompt: expect.any(String), add_special_tokens: false });
    // --concurrency declares another --max-num-seqs.
    expect((await connectEndpoint({ raw: `vllm=${server.url}`, keyed: false }, { endpoints: [], concurrency: 32 }, null)).limit).toBe(32);
  });

  it('sends exactly this body (structured_outputs, return_token_ids, no guided_*) and decodes the ids locally', async () => {
    const { server, completions } = await vllmStub();
    const { pool, completer } = await vllmCompleter(server.url);
    const answer = await completer.complete({ tokens: [0, 1, 2] as Token[], grammar: 'root ::= "cab"' }, {});
    pool.close();
    expect(completions).toEqual([
      {
        model: 'topic',
        prompt: [0, 1, 2],
        max_tokens: 16,
        temperature: 0,
        top_p: 0.95,
        top_k: 40,
        repetition_penalty: 1,
        structured_outputs: { grammar: 'root ::= "cab"' },
        return_token_ids: true,
        stream: false,
      },
    ]);
    expect(Object.keys(completions[0]!).filter((k) => k.startsWith('guided_'))).toEqual([]);
    // The end-of-generation id is dropped, as llama-server's is; the text is the local tokenizer's.
    expect(answer).toMatchObject({ text: 'cab', generated: 3, stoppedBy: 'end', decoder: 'grammar' });
    expect(server.seen.every((r) => r.path !== '/v1/tokenize')).toBe(true);
  });

  it('refuses a vLLM older than 0.10.2, or one without /version, in one line', async () => {
    const old = await vllmStub({ version: '0.9.2' });
    const none = await vllmStub({ version: 'none' });
    const rows = await checkEndpoints({ endpoints: [`vllm=${old.server.url}`, `vllm=${none.server.url}`] }, undefined);
    expect(rows[0]!.error).toBe(`the vLLM at ${old.server.url} is 0.9.2; the workbench needs vLLM 0.10.2 or newer (older ones ignore structured_outputs and answer unconstrained): upgrade it`);
    expect(rows[1]!.error).toMatch(/does not answer \/version; the workbench needs vLLM 0\.10\.2 or newer/);
    expect(rows.map((r) => r.error).join('')).not.toContain('\n');
    const newer = await vllmStub({ version: '0.11.1rc2.dev7+g0123' });
    expect((await checkEndpoints({ endpoints: [`vllm=${newer.server.url}`] }, undefined))[0]).toMatchObject({ ok: true, build: 'vLLM 0.11.1' });
  });

  it("refuses a repeat penalty that vLLM would apply over the whole window, sending nothing", async () => {
    const { server, completions } = await vllmStub();
    const { pool, completer } = await vllmCompleter(server.url, { ...GREEDY, repeatPenalty: 1.1, repeatPenaltyLastTokens: 64, maxNewTokens: 256 });
    await expect(completer.complete({ tokens: [0, 1, 2] as Token[] }, {})).rejects.toMatchObject({
      code: 'penalty-mismatch',
      message: expect.stringContaining("the profile's repeatPenalty 1.1 counts the last 64 tokens (llama.cpp, the local engine), but vLLM at"),
    });
    expect(completions).toEqual([]);
    // A window inside the last N tokens is penalized alike on both: sent.
    const fits = remoteCompleter({ pool, tokenizer, decoding: { ...GREEDY, repeatPenalty: 1.1, repeatPenaltyLastTokens: 64, maxNewTokens: 16 } });
    await expect(fits.complete({ tokens: [0, 1, 2] as Token[] }, {})).resolves.toMatchObject({ text: 'cab' });
    pool.close();
  });

  it('error shapes: 400 grammar, 404 model, 401 key, 503 retried', async () => {
    const shapes: Record<number, [number, unknown]> = {
      1: [400, { object: 'error', message: "Invalid grammar: xgrammar failed to parse 'root ::= ('", type: 'BadRequestError', code: 400 }],
      2: [404, { object: 'error', message: 'The model `topic` does not exist.', type: 'NotFoundError', code: 404 }],
      3: [401, { error: `Unauthorized: ${KEY}` }],
      4: [503, { object: 'error', message: 'Service Unavailable', code: 503 }],
    };
    const { server, completions } = await vllmStub({ answer: (n, res) => (shapes[n] ? json(res, shapes[n][0], shapes[n][1]) : false) });
    const { pool, completer } = await vllmCompleter(server.url);
    const window = { tokens: [0, 1, 2] as Token[], grammar: 'root ::= (' };
    await expect(completer.complete(window, {})).rejects.toMatchObject({ code: 'grammar-rejected', message: expect.stringContaining('rejected the window\'s grammar (HTTP 400: Invalid grammar') });
    await expect(completer.complete(window, {})).rejects.toMatchObject({ code: 'model-missing', message: expect.stringContaining('does not serve the model topic') });
    const refused = await completer.complete(window, {}).catch((e: Error) => e);
    expect(refused).toMatchObject({ code: 'key-refused', message: expect.stringContaining(`the inference server at ${server.url} refused the API key (HTTP 401: the server wants an API key)`) });
    expectNoSecret((refused as Error).message);
    // 503: retried after a back-off, answered the second time.
    await expect(completer.complete(window, {})).resolves.toMatchObject({ text: 'cab' });
    pool.close();
    expect(completions).toHaveLength(5);
  });
});

describe('a refused user:password (issue 36)', () => {
  it('says the URL credentials were refused, quoting neither them nor the body', async () => {
    const server = await stub((req, res) => json(res, 401, { error: `bad ${req.authorization}` }));
    const [row] = await checkEndpoints({ endpoints: [withCredentials(server.url)] }, undefined);
    expect(row!.error).toBe(`the inference server at ${server.url} refused the URL's user and password (HTTP 401: the URL's user and password were refused); fix the user:password in the URL`);
  });
});
