/**
 * JSON over HTTP to one endpoint, with the API key as a bearer token. Failures become
 * EndpointFailure (retryable for 429, 503 and broken connections) carrying the server's own error
 * message, with the key blanked should the server echo it; an abort passes through as the
 * caller's AbortError. Requests go to the endpoint's own URL only; a redirect to another origin
 * loses the Authorization header (fetch drops it, endpoint-store.test.ts shows it).
 */
import { connectionCode, EndpointFailure } from './errors';
import { withoutCredentials, withoutKey, type EndpointSpec } from './settings';

const PROBE_TIMEOUT_MS = 10_000;

export interface HttpOptions {
  apiKey?: string;
  signal?: AbortSignal;
  /** Only for probes: a request that waits for a generation has no timeout (cancel aborts it). */
  timeoutMs?: number;
}

/** The server's message from an error body: `{error: {message}}`, `{error: "..."}`, `{detail}` or text. */
function serverMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: string } | string; detail?: unknown; message?: string };
    if (typeof json.error === 'string') return json.error;
    if (json.error?.message) return json.error.message;
    if (json.message) return json.message;
    if (json.detail) return typeof json.detail === 'string' ? json.detail : JSON.stringify(json.detail);
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 300);
}

/** The API key as a bearer token, else the URL's user:password as basic auth. */
export function authHeaders(endpoint: EndpointSpec, apiKey?: string): Record<string, string> {
  if (apiKey) return { Authorization: `Bearer ${apiKey}` };
  return endpoint.basicAuth ? { Authorization: endpoint.basicAuth } : {};
}

export async function requestJson<T>(endpoint: EndpointSpec, path: string, body: unknown, options: HttpOptions = {}): Promise<T> {
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  let response: Response;
  try {
    response = await fetch(`${endpoint.requestUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...authHeaders(endpoint, options.apiKey) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
    });
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    if ((err as Error)?.name === 'TimeoutError') throw new EndpointFailure(endpoint.url, null, `no answer within ${Math.round((options.timeoutMs ?? 0) / 1000)} s`, true);
    const code = connectionCode(err);
    throw new EndpointFailure(endpoint.url, null, code ? `connection failed (${code})` : `request failed (${withoutCredentials((err as Error)?.message ?? String(err))})`, true);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    throw new EndpointFailure(endpoint.url, null, `connection broke while reading the answer (${connectionCode(err) ?? (err as Error).message})`, true);
  }
  if (!response.ok) {
    const retryable = response.status === 429 || response.status === 503 || response.status === 502 || response.status === 504;
    throw new EndpointFailure(endpoint.url, response.status, `HTTP ${response.status}: ${withoutKey(withoutCredentials(serverMessage(text)), options.apiKey)}`, retryable);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new EndpointFailure(endpoint.url, response.status, `the answer to ${path} is not JSON`, false);
  }
}

export const probeTimeout = PROBE_TIMEOUT_MS;
