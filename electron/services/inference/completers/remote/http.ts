/**
 * JSON over HTTP to one endpoint, with the API key as a bearer token. Every request has a timeout
 * (a probe 10 s, a generation GENERATION_TIMEOUT_MS unless the settings say otherwise), and every
 * answer is read as a stream up to a byte cap: a server that answers 3 GB costs the cap, not 3 GB
 * (`npx tsx bench/remote-body.ts`, docs/security.md). An answer is checked against its zod schema, so a
 * server of another shape is "not understood", never a TypeError.
 *
 * Failures become EndpointFailure (retryable for 429, 502, 503, 504 and broken connections). The
 * server's own message is redacted (the key, the URL's user and password, in every form: shared
 * `redact`) before it is cut; an answer to a refused key (401, 403) is left out of the message
 * altogether, since a server that refuses a caller has no business being quoted to it. An abort
 * passes through as the caller's AbortError. Requests go to the endpoint's own URL only; a
 * redirect to another origin loses the Authorization header (fetch drops it,
 * endpoint-store.test.ts shows it).
 */
import type { z } from 'zod';
import { redact, redactAndCut } from '../../../../../shared/util/redact';
import { connectionCode, EndpointFailure, RemoteError } from './errors';
import type { EndpointSpec } from './settings';
import { errorMessage } from '../../../../../shared/text/error-message';

const PROBE_TIMEOUT_MS = 10_000;
/** A window's generation, queueing included, unless RemoteSettings.requestTimeoutMs says otherwise. */
export const GENERATION_TIMEOUT_MS = 300_000;
/** The most an answer may hold: probes (/props carries the chat template), and completions (llama-server echoes the grammar). */
export const PROBE_BODY_BYTES = 4 * 1024 * 1024;
export const ANSWER_BODY_BYTES = 32 * 1024 * 1024;
/** Of an error answer, only the start is read: a message is in the first kilobytes. */
const ERROR_BODY_BYTES = 64 * 1024;
/** A server's message is cut to this many characters, after redaction. */
const MESSAGE_CHARS = 300;

export interface HttpOptions {
  apiKey?: string;
  signal?: AbortSignal;
  /** Default: the probe timeout. A generation passes its own (GENERATION_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Default: PROBE_BODY_BYTES. */
  maxBytes?: number;
}

/** The secrets of a request: the endpoint's URL credentials and the key it is sent. */
export function secretsOf(endpoint: EndpointSpec, apiKey?: string): string[] {
  return [...endpoint.secrets, ...(apiKey ? [apiKey] : [])];
}

/** The server's message from an error body: `{error: {message}}`, `{error: "..."}`, `{detail}` or text. */
function serverMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; detail?: unknown; message?: unknown };
    if (typeof json.error === 'string') return json.error;
    if (typeof json.error?.message === 'string') return json.error.message;
    if (typeof json.message === 'string') return json.message;
    if (json.detail) return typeof json.detail === 'string' ? json.detail : JSON.stringify(json.detail);
  } catch {
    // not JSON
  }
  return body;
}

/** The API key as a bearer token, else the URL's user:password as basic auth. */
export function authHeaders(endpoint: EndpointSpec, apiKey?: string): Record<string, string> {
  if (apiKey) return { Authorization: `Bearer ${apiKey}` };
  return endpoint.basicAuth ? { Authorization: endpoint.basicAuth } : {};
}

class BodyTooLarge extends Error {}

/** The body as text, read chunk by chunk; BodyTooLarge past `maxBytes` (`truncate`: the first `maxBytes` instead). */
async function readCapped(response: Response, maxBytes: number, truncate = false): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) throw new BodyTooLarge();
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function mib(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}

/**
 * Sends `body` (GET when undefined) to `path` and returns the answer as `schema` reads it. A
 * RemoteError `unknown-server` when the answer is not JSON of that shape or over the byte cap.
 */
export async function requestJson<S extends z.ZodTypeAny>(endpoint: EndpointSpec, path: string, body: unknown, schema: S, options: HttpOptions = {}): Promise<z.output<S>> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? PROBE_BODY_BYTES;
  const secrets = secretsOf(endpoint, options.apiKey);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const noAnswer = () => new EndpointFailure(endpoint.url, null, `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`, true);
  let response: Response;
  try {
    response = await fetch(`${endpoint.requestUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...authHeaders(endpoint, options.apiKey) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      redirect: 'follow',
    });
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    if (timeout.aborted) throw noAnswer();
    const code = connectionCode(err);
    throw new EndpointFailure(endpoint.url, null, code ? `connection failed (${code})` : `request failed (${redactAndCut((err as Error)?.message ?? String(err), secrets, MESSAGE_CHARS)})`, true);
  }
  const status = response.status;
  if (!response.ok) {
    const retryable = status === 429 || status === 503 || status === 502 || status === 504;
    if (status === 401 || status === 403) {
      await response.body?.cancel().catch(() => undefined);
      const sent = options.apiKey ? 'the API key was refused' : endpoint.basicAuth ? "the URL's user and password were refused" : 'the server wants an API key';
      throw new EndpointFailure(endpoint.url, status, `HTTP ${status}: ${sent}`, false);
    }
    let text = '';
    try {
      text = await readCapped(response, ERROR_BODY_BYTES, true);
    } catch {
      // The status says enough.
    }
    const message = redactAndCut(serverMessage(text), secrets, MESSAGE_CHARS);
    throw new EndpointFailure(endpoint.url, status, `HTTP ${status}${message ? `: ${message}` : ''}`, retryable);
  }
  let text: string;
  try {
    text = await readCapped(response, maxBytes);
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    if (err instanceof BodyTooLarge) {
      throw new RemoteError('unknown-server', `the server at ${endpoint.url} answered ${path} with more than ${mib(maxBytes)}; is it a llama-server or vLLM endpoint?`);
    }
    if (timeout.aborted) throw noAnswer();
    throw new EndpointFailure(endpoint.url, null, `connection broke while reading the answer (${connectionCode(err) ?? redact(errorMessage(err), secrets)})`, true);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RemoteError('unknown-server', `the server at ${endpoint.url}: its ${path} answer is not JSON; is it a llama-server or vLLM endpoint?`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // zod may quote a received value: foreign text, so redacted too.
    const where = issue ? ` (${redactAndCut(`${issue.path.length > 0 ? `at ${issue.path.join('.')}: ` : ''}${issue.message}`, secrets, MESSAGE_CHARS)})` : '';
    throw new RemoteError('unknown-server', `the server's ${path} answer is not understood${where}: ${endpoint.url} does not answer as a llama-server or vLLM does; name the kind as llama-server=URL or vllm=URL, or check the server`);
  }
  return parsed.data as z.output<S>;
}

export const probeTimeout = PROBE_TIMEOUT_MS;
