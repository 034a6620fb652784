/**
 * Remote backend settings: which servers to send windows to, as the CLI and the app read them once
 * at their edge (flags, WORKBENCH_ENDPOINTS, WORKBENCH_API_KEY) and pass down, plus, in the app,
 * the servers added from the Models screen (endpoint-store.ts). Nothing below reads the environment.
 *
 * An endpoint is `URL` (server kind detected from the server) or `KIND=URL` with KIND
 * `llama-server` or `vllm`, e.g. `vllm=http://gpu1:8000`.
 */
import { SERVER_KINDS, type ServerKind } from '../../../../../shared/models/inference-servers';
import { redact } from '../../../../../shared/util/redact';
import { RemoteError } from './errors';

export { SERVER_KINDS, type ServerKind };

/**
 * An endpoint with its own API key (one added from the Models screen): that key, or none, goes to
 * it; the start-up key (`RemoteSettings.apiKey`) never does.
 */
export interface KeyedEndpoint {
  /** `URL` or `KIND=URL`, as for the start-up endpoints. */
  endpoint: string;
  apiKey?: string;
}

export interface RemoteSettings {
  /** Endpoint strings as given (`URL` or `KIND=URL`), or endpoints that carry their own key. */
  endpoints: (string | KeyedEndpoint)[];
  /**
   * Bearer token for the endpoints given as strings (the start-up ones), never for a KeyedEndpoint;
   * never logged, never put in a result.
   */
  apiKey?: string;
  /** Requests in flight per endpoint; default: the server's slot count (llama-server), 256 for vLLM (connect.ts). */
  concurrency?: number;
  /** How long one window's request may take, queueing included (default GENERATION_TIMEOUT_MS, http.ts). */
  requestTimeoutMs?: number;
}

export interface EndpointSpec {
  /** Base URL without credentials, query or trailing slash: what messages and meta show. */
  url: string;
  /** The URL requests go to (credentials removed: fetch refuses them in a URL). */
  requestUrl: string;
  /** `Basic ...` from user:password in the URL, if it had them. */
  basicAuth?: string;
  /**
   * The URL's user and password (as typed and decoded) and `user:password`: what `redact` takes out
   * of any text from this server, in every form (the Basic header is their base64).
   */
  secrets: string[];
  kind: ServerKind | 'auto';
}

/** The URL as it may be shown: no user, password, query or fragment. */
export function displayUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * `URL` or `KIND=URL` as a spec; a RemoteError naming `what` (how the person gave it: the flag, or
 * the Models screen's field) when it is not an http(s) URL.
 */
export function parseEndpoint(raw: string, what = '--endpoint'): EndpointSpec {
  const match = /^(llama-server|vllm)=(.+)$/.exec(raw.trim());
  const kind = (match?.[1] as ServerKind | undefined) ?? 'auto';
  const rest = match ? match[2]! : raw.trim();
  const example = what === '--endpoint' ? 'http://127.0.0.1:8080 or vllm=http://gpu1:8000' : 'http://127.0.0.1:8080';
  let u: URL;
  try {
    u = new URL(rest);
  } catch {
    throw new RemoteError('invalid-endpoint', `${what} '${redact(rest)}' is not a URL; give one like ${example}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new RemoteError('invalid-endpoint', `${what} ${displayUrl(rest)} must be http:// or https://`);
  }
  const user = safeDecode(u.username);
  const password = safeDecode(u.password);
  const basicAuth = u.username ? `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` : undefined;
  const secrets = u.username || u.password ? [...new Set([u.username, user, u.password, password, `${user}:${password}`].filter(Boolean))] : [];
  return { url: displayUrl(rest), requestUrl: displayUrl(rest), kind, secrets, ...(basicAuth ? { basicAuth } : {}) };
}

/** A URL part percent-decoded, or as typed when it is not valid percent-encoding. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** One endpoint with the key that goes to it: its own (a KeyedEndpoint's), else the start-up key. */
export interface EndpointEntry {
  raw: string;
  apiKey?: string;
  /** Added from the Models screen (its own key, or none), rather than given at start-up. */
  keyed: boolean;
}

/** Every endpoint of the settings with the one key it may be sent. */
export function endpointEntries(settings: RemoteSettings): EndpointEntry[] {
  return settings.endpoints.map((e) => {
    if (typeof e === 'string') return { raw: e, keyed: false, ...(settings.apiKey ? { apiKey: settings.apiKey } : {}) };
    return { raw: e.endpoint, keyed: true, ...(e.apiKey ? { apiKey: e.apiKey } : {}) };
  });
}

/** WORKBENCH_ENDPOINTS: endpoints separated by commas or whitespace. */
export function splitEndpointList(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}
